import { Alert, Button, Checkbox, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconExternalLink, IconKey } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ProviderKeyDocument,
  type ProviderKeyQuery,
  useSaveProviderKeyMutation,
} from '../graphql/bots.generated';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { describeError } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import { formatBotDate } from './BotList';

export const OPENAI_KEYS_URL = 'https://platform.openai.com/api-keys';
export const KEY_HINT = 'Securely stored with AES256 encryption.';

export type StoredKey = NonNullable<ProviderKeyQuery['providerKey']>;

interface KeyModalProps {
  opened: boolean;
  onClose: () => void;
  /** The key already stored (shown masked), or null. */
  storedKey: StoredKey | null;
  /** Stay on the page after a save (Integrations) instead of going to /app/bots. */
  stayOnSave?: boolean;
  /** With it, a "Later" button: the person will add a key another time (not asked again). */
  onLater?: () => void;
}

/**
 * SPEC §2 key modal (400px): the user's own OpenAI key, which their bots run on. The stored key
 * comes back only masked; saving the masked value unchanged keeps it. After a save it closes and
 * goes to /app/bots, unless the requested check failed: then it stays open and says why.
 */
export function KeyModal({
  opened,
  onClose,
  storedKey,
  stayOnSave = false,
  onLater,
}: KeyModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={400}
      title="Add your OpenAI API key"
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...DIALOG_PROPS}
    >
      {/* Mounted per opening, so the form starts from the stored key each time. */}
      {opened && (
        <KeyForm
          storedKey={storedKey}
          onClose={onClose}
          stayOnSave={stayOnSave}
          onLater={onLater}
        />
      )}
    </Modal>
  );
}

function KeyForm({
  storedKey,
  onClose,
  stayOnSave,
  onLater,
}: {
  storedKey: StoredKey | null;
  onClose: () => void;
  stayOnSave: boolean;
  onLater?: () => void;
}) {
  const navigate = useNavigate();
  const [save, { loading }] = useSaveProviderKeyMutation();
  const [value, setValue] = useState(storedKey?.masked ?? '');
  const [verify, setVerify] = useState(true);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);

  const done = () => {
    onClose();
    if (!stayOnSave) navigate('/app/bots');
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFieldError(null);
    setProblem(null);
    setWarning(null);
    try {
      const { data } = await save({
        variables: { value: value.trim(), verify },
        update(cache, { data: saved }) {
          if (!saved) return;
          // The stored key may be new: the query's root field still says null until written.
          const { id, masked, verifiedAt, status, invalidAt, invalidReason, retryAt } =
            saved.saveProviderKey;
          const providerKey = {
            __typename: 'ProviderKey' as const,
            ...{ id, masked, verifiedAt, status, invalidAt, invalidReason, retryAt },
          };
          cache.writeQuery<ProviderKeyQuery>({ query: ProviderKeyDocument, data: { providerKey } });
        },
      });
      const saved = data?.saveProviderKey;
      if (!saved) throw new Error('The server sent no answer.');
      if (saved.verified === false) {
        setValue(saved.masked);
        setWarning(saved.verifyMessage ?? 'OpenAI did not accept the key.');
        return;
      }
      notifications.show({
        color: 'teal',
        title: 'Key saved',
        message: saved.verified
          ? 'OpenAI accepted the key; your bots will answer with it.'
          : 'Your bots will answer with this key.',
      });
      done();
    } catch (error) {
      const { field, message } = describeError(error);
      if (field === 'value') setFieldError(message);
      else setProblem(message);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)}>
      <Stack gap="md">
        <Text size="sm">
          We need to connect your bots to your OpenAI account so you have full control and ownership
          of your data.
        </Text>
        <Button
          component="a"
          href={OPENAI_KEYS_URL}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          leftSection={<IconKey size={16} />}
          rightSection={<IconExternalLink size={14} />}
          style={{ alignSelf: 'flex-start' }}
        >
          Get my OpenAI key
        </Button>
        {problem && <FormAlert title="Could not save the key">{problem}</FormAlert>}
        {storedKey && (
          <Text size="sm" c="dimmed">
            A key is stored: <code>{storedKey.masked}</code>
            {storedKey.verifiedAt
              ? `, checked with OpenAI on ${formatBotDate(storedKey.verifiedAt)}.`
              : '. Paste a new one to replace it.'}
          </Text>
        )}
        {storedKey?.status === 'INVALID' && (
          <Text size="sm" c="red">
            OpenAI refused it, so it is not used. Save it again to retry, or paste a new one.
          </Text>
        )}
        <PasswordInput
          label="API Key"
          description={KEY_HINT}
          placeholder="sk-..."
          autoComplete="off"
          spellCheck={false}
          data-autofocus
          value={value}
          error={fieldError}
          onFocus={(event) => {
            // The masked value is a stand-in: typing replaces it rather than appending.
            if (storedKey && event.currentTarget.value === storedKey.masked) {
              event.currentTarget.select();
            }
          }}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setFieldError(null);
          }}
        />
        <Checkbox
          label="Check the key with OpenAI"
          description="Asks OpenAI whether the key works before you rely on it."
          checked={verify}
          onChange={(event) => setVerify(event.currentTarget.checked)}
        />
        {warning && (
          <Alert
            role="alert"
            color="yellow"
            variant="light"
            icon={<IconAlertTriangle size={18} />}
            title="Saved, but the check failed"
          >
            {warning} Paste a different key, or continue and fix it later.
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {onLater && !warning && (
            <Button variant="default" onClick={onLater}>
              Later
            </Button>
          )}
          {warning && (
            <Button variant="default" onClick={done}>
              Continue
            </Button>
          )}
          <Button type="submit" loading={loading}>
            Save
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
