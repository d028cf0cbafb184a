import { Modal } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useUpdateBotMutation } from '../graphql/bots.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { botFormProblem, type BotFormProblem } from '../bot-form-errors';
import { BotForm, type BotFormValues } from '../components/BotForm';
import type { BotNode } from './format';

const NO_PROBLEM: BotFormProblem = { error: null, fieldErrors: {} };

interface EditBotDialogProps {
  bot: BotNode;
  opened: boolean;
  onClose: () => void;
}

/** The bot form, prefilled, saving with updateBot; the server's verdict shows in the form. */
export function EditBotDialog({ bot, opened, onClose }: EditBotDialogProps) {
  const [updateBot, { loading }] = useUpdateBotMutation();
  const [problem, setProblem] = useState<BotFormProblem>(NO_PROBLEM);

  const close = () => {
    setProblem(NO_PROBLEM);
    onClose();
  };

  const submit = async (values: BotFormValues) => {
    setProblem(NO_PROBLEM);
    try {
      const { data } = await updateBot({ variables: { id: bot.id, input: values } });
      notifications.show({
        color: 'teal',
        title: 'Bot saved',
        message: `${data?.updateBot.name ?? values.name} is up to date.`,
      });
      close();
    } catch (error) {
      setProblem(botFormProblem(error));
    }
  };

  return (
    <Modal opened={opened} onClose={close} title={`Edit ${bot.name}`} size="lg" {...DIALOG_PROPS}>
      <BotForm
        initial={{
          name: bot.name,
          description: bot.description,
          privacy: bot.privacy,
          model: bot.model,
          language: bot.language,
        }}
        submitLabel="Save changes"
        submitting={loading}
        error={problem.error}
        fieldErrors={problem.fieldErrors}
        onSubmit={(values) => void submit(values)}
        onCancel={close}
      />
    </Modal>
  );
}
