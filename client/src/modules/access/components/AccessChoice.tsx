import { Alert, Avatar, Group, NumberInput, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { SourceAccessMode } from '../../../graphql/types';
import { displayName, initials } from '../../../layout/user-display';
import { modeLabel, type AccessDraft, type Person } from '../access-summary';
import { GroupPicker, type GroupOption } from './GroupPicker';
import { PeoplePicker } from './PeoplePicker';
import classes from './AccessChoice.module.css';

export interface AccessErrors {
  memberIds?: string;
  groupIds?: string;
}

interface AccessChoiceProps {
  value: AccessDraft;
  onChange: (draft: AccessDraft) => void;
  /** Who always reads the source (null once they left the workspace). */
  owner: Person | null;
  /** The signed-in member (the owner is "you" to them). */
  viewerId?: string;
  /** Admins may choose any group; others the groups they are in. */
  isAdmin: boolean;
  /** Names of the people and groups already chosen. */
  knownMembers?: readonly Person[];
  knownGroups?: readonly GroupOption[];
  label?: string;
  /** A line under the radio buttons (e.g. what switching to Everyone does). */
  hint?: ReactNode;
  errors?: AccessErrors;
  disabled?: boolean;
  /** One line of radios, the chosen one's description under them (dialogs short of room). */
  compact?: boolean;
  /**
   * The connected tool's name ("Confluence"): offers mirroring its permissions, first, and warns
   * that Everyone opens all the connecting account reads. Absent for uploads.
   */
  tool?: string | null;
}

const DESCRIPTION: Record<SourceAccessMode, string> = {
  MIRROR: 'Each member finds what they can open in the tool itself, through their linked account.',
  WORKSPACE: 'Every member can find it and read its documents.',
  RESTRICTED: 'Only its owner and the people and groups you choose can find it and read it.',
};

export const WORKSPACE_WARNING =
  'Everything the connecting account can read becomes readable by every member.';

/**
 * Everyone in the workspace, or only chosen people and groups (the owner always included); for
 * a connected tool, first, each member as the tool lets them.
 */
export function AccessChoice({
  value,
  onChange,
  owner,
  viewerId,
  isAdmin,
  knownMembers,
  knownGroups,
  label = 'Who can see it',
  hint,
  errors,
  disabled,
  compact = false,
  tool,
}: AccessChoiceProps) {
  const restricted = value.mode === 'RESTRICTED';
  const Options = compact ? Group : Stack;
  const modes: readonly SourceAccessMode[] = tool
    ? ['MIRROR', 'WORKSPACE', 'RESTRICTED']
    : ['WORKSPACE', 'RESTRICTED'];
  return (
    <Stack gap="sm">
      <Radio.Group
        label={label}
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode as AccessDraft['mode'] })}
      >
        <Options gap="xs" mt={6}>
          {modes.map((mode) => (
            <Radio
              key={mode}
              value={mode}
              label={modeLabel(mode, tool)}
              description={compact ? undefined : DESCRIPTION[mode]}
              disabled={disabled}
            />
          ))}
        </Options>
        {compact && (
          <Text size="xs" c="dimmed" mt={4}>
            {DESCRIPTION[value.mode]}
          </Text>
        )}
      </Radio.Group>
      {tool && value.mode === 'MIRROR' && (
        <NumberInput
          label={`Read ${tool}'s permissions again every`}
          description="Minutes (1 to 10,080). Empty: the server's default."
          placeholder="Server default"
          min={1}
          max={10_080}
          allowDecimal={false}
          allowNegative={false}
          rightSection={
            <Text size="xs" c="dimmed" pr={8}>
              min
            </Text>
          }
          rightSectionWidth={44}
          maw={360}
          value={value.permissionSyncMinutes ?? ''}
          onChange={(minutes) =>
            onChange({
              ...value,
              permissionSyncMinutes: typeof minutes === 'number' ? minutes : null,
            })
          }
          disabled={disabled}
        />
      )}
      {tool && value.mode === 'WORKSPACE' && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {WORKSPACE_WARNING}
        </Alert>
      )}
      {hint}
      {restricted && (
        <Stack gap="sm" className={classes.chosen}>
          <OwnerLine owner={owner} viewerId={viewerId} />
          <PeoplePicker
            label="People"
            description="Search the workspace's members by name or email."
            value={value.memberIds}
            onChange={(memberIds) => onChange({ ...value, memberIds })}
            known={knownMembers}
            exclude={owner?.id}
            error={errors?.memberIds}
            disabled={disabled}
          />
          <GroupPicker
            value={value.groupIds}
            onChange={(groupIds) => onChange({ ...value, groupIds })}
            known={knownGroups}
            isAdmin={isAdmin}
            error={errors?.groupIds}
            disabled={disabled}
          />
        </Stack>
      )}
    </Stack>
  );
}

/** The owner, shown as always included (they cannot be removed). */
function OwnerLine({ owner, viewerId }: { owner: Person | null; viewerId?: string }) {
  if (!owner)
    return (
      <Text size="sm" c="dimmed">
        Its owner left the workspace: only the people and groups chosen here can read it.
      </Text>
    );
  const you = owner.id === viewerId;
  return (
    <Group gap="sm" wrap="nowrap" aria-label="Always included">
      <Avatar color="lumen" radius="xl" size={32} aria-hidden>
        {initials(owner)}
      </Avatar>
      <div style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {you ? `You (${displayName(owner)})` : displayName(owner)}
        </Text>
        <Text size="xs" c="dimmed">
          Owner · always has access
        </Text>
      </div>
    </Group>
  );
}
