import { Button, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import {
  BOT_DESCRIPTION_MAX,
  BOT_NAME_MAX,
  DEFAULT_LANGUAGE,
  DEFAULT_MODEL,
  DEFAULT_PRIVACY,
  LANGUAGE_OPTIONS,
  MODEL_OPTIONS,
  PRIVACY_OPTIONS,
  isLanguage,
  isModel,
  isPrivacy,
} from '../bot-options';

/** The bot's editable fields, with the values the server stores (SPEC §3). */
export interface BotFormValues {
  name: string;
  description: string;
  /** public or private */
  privacy: string;
  /** gpt4o, gpt4turbo or gpt35 */
  model: string;
  /** en, ja, es or rs */
  language: string;
}

export interface BotFormProps {
  /** Values to start from (an edit); missing ones take the spec's defaults. */
  initial?: Partial<BotFormValues>;
  submitLabel: string;
  submitting?: boolean;
  /** A form-level problem (not tied to one field), shown above the fields. */
  error?: string | null;
  /** Server messages by field name (`extensions.field`), shown under their fields. */
  fieldErrors?: Record<string, string>;
  onSubmit(values: BotFormValues): void;
  onCancel?(): void;
}

const PRIVACY_HINTS: Record<string, string> = {
  public: 'Everyone in your workspace can use it, and you can share a public chat link.',
  private: 'Only you can see and use it.',
};

/** Fills in the spec's defaults (gpt35, en, public) for missing or unknown values. */
export function botFormDefaults(initial: Partial<BotFormValues> = {}): BotFormValues {
  return {
    name: initial.name ?? '',
    description: initial.description ?? '',
    privacy: initial.privacy && isPrivacy(initial.privacy) ? initial.privacy : DEFAULT_PRIVACY,
    model: initial.model && isModel(initial.model) ? initial.model : DEFAULT_MODEL,
    language:
      initial.language && isLanguage(initial.language) ? initial.language : DEFAULT_LANGUAGE,
  };
}

/**
 * SPEC §2 bot form: name, description (5 rows), privacy and model radios, and a 300px language
 * selector. Used by the create dialog and the bot detail's edit dialog; the caller runs the
 * mutation and hands back what the server said.
 */
export function BotForm({
  initial,
  submitLabel,
  submitting = false,
  error,
  fieldErrors,
  onSubmit,
  onCancel,
}: BotFormProps) {
  const form = useForm<BotFormValues>({
    mode: 'controlled',
    initialValues: botFormDefaults(initial),
    validate: {
      name: (value) => (value.trim() ? null : 'Give the bot a name.'),
    },
  });

  // The server's verdict replaces the field errors; typing in a field clears its own.
  const { setErrors } = form;
  useEffect(() => {
    setErrors(fieldErrors ?? {});
  }, [fieldErrors, setErrors]);

  const submit = form.onSubmit((values) =>
    onSubmit({
      ...values,
      name: values.name.trim(),
      description: values.description.trim(),
    }),
  );

  const privacyHint = PRIVACY_HINTS[form.values.privacy];

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="lg">
        {error && <FormAlert title="Could not save the bot">{error}</FormAlert>}
        <TextInput
          label="Name"
          placeholder="e.g. HR policies helper"
          required
          maxLength={BOT_NAME_MAX}
          data-autofocus
          key={form.key('name')}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          description="What the bot is for; people see this in the bot list and on its chat page."
          placeholder="Answers questions about our holiday, expenses and travel policies."
          rows={5}
          maxLength={BOT_DESCRIPTION_MAX}
          key={form.key('description')}
          {...form.getInputProps('description')}
        />
        <Radio.Group
          label="Privacy"
          description={privacyHint}
          key={form.key('privacy')}
          {...form.getInputProps('privacy')}
        >
          <Group gap="xl" mt="xs">
            {PRIVACY_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Group>
        </Radio.Group>
        <Radio.Group label="Model" key={form.key('model')} {...form.getInputProps('model')}>
          <Stack gap="sm" mt="xs">
            {MODEL_OPTIONS.map((option) => (
              <Radio key={option.value} value={option.value} label={option.label} />
            ))}
          </Stack>
        </Radio.Group>
        <Select
          label="Language"
          description="The language the bot answers in."
          data={LANGUAGE_OPTIONS}
          allowDeselect={false}
          checkIconPosition="right"
          w={300}
          maw="100%"
          comboboxProps={{ withinPortal: true }}
          key={form.key('language')}
          {...form.getInputProps('language')}
        />
        <Group justify="flex-end" gap="sm" mt="sm">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={submitting}>
              Cancel
            </Button>
          )}
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
