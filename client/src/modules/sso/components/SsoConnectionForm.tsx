import {
  ActionIcon,
  Button,
  Group,
  PasswordInput,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { FormAlert } from '../../auth/components/FormAlert';
import { FALLBACK_ROLE_LABELS, ROLE_KEYS } from '../../members/components/role-labels';
import { errorMessage } from '../../../shared/graphql-errors';
import type { SsoConnectionFieldsFragment } from '../graphql/sso.generated';
import { CopyField } from './CopyField';

export interface SsoConnectionValues {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scopes: string[];
  domains: string[];
  jitEnabled: boolean;
  defaultRole: string;
  groupsClaim: string;
  groupRoles: { group: string; role: string }[];
  enabled: boolean;
}

const ROLE_OPTIONS = ROLE_KEYS.map((key) => ({ value: key, label: FALLBACK_ROLE_LABELS[key] }));
const DEFAULT_SCOPES = ['openid', 'email', 'profile'];

function initialValues(connection?: SsoConnectionFieldsFragment): SsoConnectionValues {
  return {
    name: connection?.name ?? '',
    issuer: connection?.issuer ?? '',
    clientId: connection?.clientId ?? '',
    clientSecret: '',
    scopes: connection?.scopes ?? DEFAULT_SCOPES,
    domains: connection?.domains ?? [],
    jitEnabled: connection?.jitEnabled ?? true,
    defaultRole: connection?.defaultRole ?? 'customer_facing',
    groupsClaim: connection?.groupsClaim ?? '',
    groupRoles: connection?.groupRoles.map(({ group, role }) => ({ group, role })) ?? [],
    enabled: connection?.enabled ?? false,
  };
}

interface SsoConnectionFormProps {
  /** Absent: a new connection. */
  connection?: SsoConnectionFieldsFragment;
  /** Where the identity provider must send people back (the one callback URL). */
  callbackUrl: string;
  onSubmit: (values: SsoConnectionValues) => Promise<void>;
  onCancel: () => void;
}

/**
 * An OpenID Connect connection: the identity provider (issuer, client id and secret), the email
 * domains it serves, just-in-time sign-up and its role, and the IdP groups that give roles. The
 * secret is write-only: left empty on an edit, the stored one is kept.
 */
export function SsoConnectionForm({
  connection,
  callbackUrl,
  onSubmit,
  onCancel,
}: SsoConnectionFormProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<SsoConnectionValues>({
    mode: 'controlled',
    initialValues: initialValues(connection),
    validate: {
      name: (v) => (v.trim() ? null : 'Give the connection a name people recognise'),
      issuer: (v) => (/^https?:\/\/\S+$/.test(v.trim()) ? null : 'Enter the issuer URL'),
      clientId: (v) => (v.trim() ? null : 'Enter the client ID'),
      clientSecret: (v) => (connection || v ? null : 'Enter the client secret'),
      domains: (v) => (v.length > 0 ? null : 'Add at least one email domain'),
      groupRoles: {
        group: (v) => (v.trim() ? null : 'Enter the group'),
      },
    },
  });

  const submit = form.onSubmit(async (values) => {
    setProblem(null);
    setSaving(true);
    try {
      await onSubmit(values);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        {problem && <FormAlert title="The connection was not saved">{problem}</FormAlert>}
        <TextInput
          label="Name"
          description="Shown on the sign-in page: “Continue with <name>”"
          placeholder="Acme"
          required
          data-autofocus
          {...form.getInputProps('name')}
        />
        <TextInput
          label="Issuer URL"
          description="Lumen reads the provider’s settings from <issuer>/.well-known/openid-configuration"
          placeholder="https://acme.okta.com"
          required
          {...form.getInputProps('issuer')}
        />
        <Group grow align="flex-start">
          <TextInput label="Client ID" required {...form.getInputProps('clientId')} />
          <PasswordInput
            label="Client secret"
            description={connection ? 'Leave empty to keep the saved secret' : undefined}
            placeholder={connection ? '••••••••' : undefined}
            required={!connection}
            autoComplete="off"
            {...form.getInputProps('clientSecret')}
          />
        </Group>
        <CopyField label="Redirect URI to register at the identity provider" value={callbackUrl} />
        <TagsInput
          label="Email domains"
          description="People whose address is at these domains are offered this connection (each domain must be verified)"
          placeholder="acme.com, then Enter"
          required
          splitChars={[',', ' ']}
          {...form.getInputProps('domains')}
        />
        <TagsInput
          label="Scopes"
          description="openid is always asked; add groups if your provider sends groups with it"
          {...form.getInputProps('scopes')}
        />
        <Switch
          label="Just-in-time sign-up"
          description="Someone at these domains without an account gets one at their first sign-in"
          {...form.getInputProps('jitEnabled', { type: 'checkbox' })}
        />
        <Select
          label="Default role"
          description="For people signing up through this connection, and when no group below matches"
          data={ROLE_OPTIONS}
          allowDeselect={false}
          {...form.getInputProps('defaultRole')}
        />
        <TextInput
          label="Groups claim"
          description="The ID token claim that lists the person’s groups (often groups); empty: roles are not mapped"
          placeholder="groups"
          {...form.getInputProps('groupsClaim')}
        />
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Group → role, applied at every sign-in (the highest match wins)
          </Text>
          {form.values.groupRoles.length === 0 && (
            <Text size="sm" c="dimmed">
              No mapping: every person keeps the role they have (new people get the default role).
            </Text>
          )}
          {form.values.groupRoles.map((_, index) => (
            <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                aria-label={`Group ${index + 1}`}
                placeholder="Group name or ID"
                style={{ flex: 1 }}
                {...form.getInputProps(`groupRoles.${index}.group`)}
              />
              <Select
                aria-label={`Role for group ${index + 1}`}
                data={ROLE_OPTIONS}
                allowDeselect={false}
                w={200}
                {...form.getInputProps(`groupRoles.${index}.role`)}
              />
              <ActionIcon
                variant="subtle"
                color="gray"
                size="lg"
                aria-label={`Remove mapping ${index + 1}`}
                onClick={() => form.removeListItem('groupRoles', index)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              variant="subtle"
              size="xs"
              leftSection={<IconPlus size={14} />}
              onClick={() =>
                form.insertListItem('groupRoles', { group: '', role: 'customer_facing' })
              }
            >
              Add a group mapping
            </Button>
          </Group>
        </Stack>
        <Switch
          label="Enabled"
          description="Lumen checks the provider before saving; people see the connection only once it is enabled"
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {connection ? 'Save connection' : 'Add connection'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
