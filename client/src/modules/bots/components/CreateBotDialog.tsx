import { Container, Modal, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { BotsDocument, type BotsQuery, useCreateBotMutation } from '../graphql/bots.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { botFormProblem, type BotFormProblem } from '../bot-form-errors';
import { BotForm, type BotFormValues } from './BotForm';

const NO_PROBLEM: BotFormProblem = { error: null, fieldErrors: {} };

interface CreateBotDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * SPEC §2 'Create a new Lumen bot': a full-screen dialog with the bot form. The new bot is added
 * to the cached list and its page opens; the dialog closes behind it.
 */
export function CreateBotDialog({ opened, onClose }: CreateBotDialogProps) {
  const navigate = useNavigate();
  const [createBot, { loading }] = useCreateBotMutation();
  const [problem, setProblem] = useState<BotFormProblem>(NO_PROBLEM);

  const close = () => {
    setProblem(NO_PROBLEM);
    onClose();
  };

  const submit = async (values: BotFormValues) => {
    setProblem(NO_PROBLEM);
    try {
      const { data } = await createBot({
        variables: { input: values },
        update(cache, { data: created }) {
          if (!created) return;
          cache.updateQuery<BotsQuery>({ query: BotsDocument }, (current) =>
            current && !current.bots.some((b) => b.id === created.createBot.id)
              ? { bots: [created.createBot, ...current.bots] }
              : current,
          );
        },
      });
      const bot = data?.createBot;
      if (!bot) throw new Error('The server sent no answer.');
      notifications.show({ color: 'teal', title: 'Bot created', message: `${bot.name} is ready.` });
      close();
      navigate(`/app/bots/${bot.id}`);
    } catch (error) {
      setProblem(botFormProblem(error));
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen
      title="Create a new Lumen bot"
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...DIALOG_PROPS}
      radius={0}
    >
      <Container size={640} px={0} py="md">
        <Text c="dimmed" mb="lg">
          A bot answers questions from the sources you give it, on your own AI provider key. You can
          add its sources once it exists.
        </Text>
        <BotForm
          submitLabel="Create Bot"
          submitting={loading}
          error={problem.error}
          fieldErrors={problem.fieldErrors}
          onSubmit={(values) => void submit(values)}
          onCancel={close}
        />
      </Container>
    </Modal>
  );
}
