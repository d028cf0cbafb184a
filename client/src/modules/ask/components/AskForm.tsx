import { ActionIcon, Loader, TextInput } from '@mantine/core';
import { IconArrowRight, IconSparkles } from '@tabler/icons-react';
import type { FormEvent } from 'react';

export interface AskFormProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: (question: string) => void;
  loading?: boolean;
  disabled?: boolean;
  /** Under the box, e.g. why asking is not possible. */
  description?: string;
  /** Take the focus when shown (the home screen: asking is what people come for). */
  autoFocus?: boolean;
  /** Defaults to SPEC's 'Ask me anything...'; a conversation under way invites a follow-up. */
  placeholder?: string;
}

/** SPEC §2: the large 'Ask me anything...' box, 60px high; Enter or the arrow asks. */
export function AskForm({
  value,
  onChange,
  onSubmit,
  loading,
  disabled,
  description,
  autoFocus,
  placeholder = 'Ask me anything...',
}: AskFormProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() && !disabled) onSubmit(value.trim());
  };

  return (
    <form onSubmit={submit} role="search" aria-label="Ask a question">
      <TextInput
        aria-label="Your question"
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        disabled={disabled}
        description={description}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        size="lg"
        radius="md"
        leftSection={<IconSparkles size={20} stroke={1.6} />}
        rightSection={
          <ActionIcon
            type="submit"
            size={40}
            radius="md"
            aria-label="Ask"
            disabled={disabled || !value.trim()}
          >
            {loading ? (
              <Loader size={18} color="white" />
            ) : (
              <IconArrowRight size={20} stroke={1.8} />
            )}
          </ActionIcon>
        }
        rightSectionWidth={56}
        styles={{ input: { height: 60 }, description: { marginTop: 6 } }}
        autoComplete="off"
        autoFocus={autoFocus}
      />
    </form>
  );
}
