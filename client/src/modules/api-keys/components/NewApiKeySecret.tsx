import { Alert, Button, Code, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useRef } from 'react';

interface NewApiKeySecretProps {
  name: string;
  secret: string;
  onDone: () => void;
}

/** The new key's secret, shown this once: the server keeps only a hash of it. */
export function NewApiKeySecret({ name, secret, onDone }: NewApiKeySecretProps) {
  const secretRef = useRef<HTMLInputElement>(null);

  // The form that had focus is gone; put focus on the secret, selected, ready to copy.
  useEffect(() => {
    secretRef.current?.focus();
    secretRef.current?.select();
  }, []);

  return (
    <Stack gap="md">
      <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} role="status">
        Copy this key now: it will not be shown again.
      </Alert>
      <Group gap="xs" wrap="nowrap" align="flex-end">
        <TextInput
          ref={secretRef}
          label={`Secret of ${name}`}
          value={secret}
          readOnly
          onFocus={(event) => event.currentTarget.select()}
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          style={{ flex: 1 }}
        />
        <CopyButton value={secret} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant={copied ? 'light' : 'default'}
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
      </Group>
      <Text size="sm" c="dimmed">
        Send it with each request as <Code>Authorization: Bearer {'<key>'}</Code>.
      </Text>
      <Group justify="flex-end">
        <Button onClick={onDone}>Done</Button>
      </Group>
    </Stack>
  );
}
