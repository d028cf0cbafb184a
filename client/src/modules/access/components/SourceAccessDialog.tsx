import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { DIALOG_PROPS } from '../../../shared/dialog-styles';
import { describeError } from '../../../shared/graphql-errors';
import { useRetained } from '../../../shared/use-retained';
import { FormAlert } from '../../auth/components/FormAlert';
import { useSession } from '../../auth/use-session';
import {
  accessInput,
  accessSentence,
  draftOf,
  modeLabel,
  ownerName,
  toolOf,
  type AccessDraft,
} from '../access-summary';
import {
  useSetSourceAccessMutation,
  type SourceAccessFieldsFragment,
} from '../graphql/source-access.generated';
import { AccessChoice, type AccessErrors } from './AccessChoice';

export type AccessSource = SourceAccessFieldsFragment & {
  name: string;
  /** file_upload or a connected tool's kind (which may mirror the tool's permissions). */
  kind: string;
  permissionsState?: string | null;
};

interface SourceAccessDialogProps {
  /** The source whose access is shown; null closes the dialog. */
  source: AccessSource | null;
  onClose: () => void;
  /** After a change was saved (the list is read again: what the caller reads may change). */
  onSaved?: () => void;
}

/**
 * "Who can see this?": the owner and admins change a source's access (as in the connected tool,
 * Everyone, or only chosen people and groups, the owner always included); everyone else reads
 * the mode and the counts.
 */
export function SourceAccessDialog({ source, onClose, onSaved }: SourceAccessDialogProps) {
  const shown = useRetained(source);
  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      title={shown ? `Who can see ${shown.name}?` : ''}
      size={560}
      closeButtonProps={{ 'aria-label': 'Close' }}
      {...DIALOG_PROPS}
    >
      {/* Mounted per opening, so each opening starts from the source's saved access. */}
      {source &&
        (source.canManageAccess ? (
          <AccessForm source={source} onClose={onClose} onSaved={onSaved} />
        ) : (
          <ReadOnlyAccess source={source} onClose={onClose} />
        ))}
    </Modal>
  );
}

function AccessForm({
  source,
  onClose,
  onSaved,
}: {
  source: AccessSource;
  onClose: () => void;
  onSaved?: () => void;
}) {
  const { user, permissions } = useSession();
  const isAdmin = permissions?.includes('user.write') ?? false;
  const [draft, setDraft] = useState<AccessDraft>(() => draftOf(source.access));
  const [problem, setProblem] = useState<string | null>(null);
  const [errors, setErrors] = useState<AccessErrors>({});
  const [save, { loading }] = useSetSourceAccessMutation();
  const hadChosen = source.access.members.length > 0 || source.access.groups.length > 0;
  // A connected tool may mirror its permissions (an unknown kind already mirroring keeps it).
  const tool = toolOf(source.kind) ?? (source.access.mode === 'MIRROR' ? 'the tool' : null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setErrors({});
    try {
      await save({
        variables: { sourceId: source.id, input: accessInput(draft) },
        refetchQueries: ['Sources'],
      });
      notifications.show({
        color: 'teal',
        title: 'Access saved',
        message:
          draft.mode === 'WORKSPACE'
            ? `Everyone in the workspace can read ${source.name}.`
            : draft.mode === 'MIRROR'
              ? `Each member reads what ${tool ?? 'the tool'} lets them read in ${source.name}.`
              : `Only the people and groups chosen can read ${source.name}.`,
      });
      onSaved?.();
      onClose();
    } catch (error) {
      const { field, message } = describeError(error);
      if (field === 'memberIds' || field === 'groupIds') setErrors({ [field]: message });
      else setProblem(message);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} aria-label="Access">
      <Stack gap="md">
        {problem && <FormAlert title="Could not change who can see it">{problem}</FormAlert>}
        <AccessChoice
          label="Who can read its documents"
          value={draft}
          onChange={setDraft}
          owner={source.owner ?? null}
          viewerId={user?.id}
          isAdmin={isAdmin}
          knownMembers={source.access.members}
          knownGroups={source.access.groups}
          errors={errors}
          disabled={loading}
          tool={tool}
          hint={
            draft.mode !== 'RESTRICTED' &&
            source.access.mode === 'RESTRICTED' &&
            hadChosen && (
              <Text size="sm" c="dimmed">
                Saving with {draft.mode === 'WORKSPACE' ? 'Everyone' : `${tool}'s permissions`}{' '}
                forgets the people and groups chosen now.
              </Text>
            )
          }
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={loading}>
            Cancel
          </Button>
          <Button type="submit" loading={loading}>
            Save access
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ReadOnlyAccess({ source, onClose }: { source: AccessSource; onClose: () => void }) {
  const { user } = useSession();
  const owner = source.owner ? ownerName(source.owner, user?.id) : null;
  return (
    <Stack gap="md">
      <div>
        <Text fw={600}>{modeLabel(source.access.mode, toolOf(source.kind))}</Text>
        <Text size="sm" c="dimmed">
          {accessSentence(source, user?.id)}
        </Text>
      </div>
      <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
        Only {owner && owner !== 'you' ? `its owner, ${owner},` : 'its owner'} or an admin can
        change who can see this source.
      </Alert>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} data-autofocus>
          Close
        </Button>
      </Group>
    </Stack>
  );
}
