import { Button, Group, Modal, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../layout/PageHeader';
import { FormAlert } from '../../modules/auth/components/FormAlert';
import {
  SsoSettingsDocument,
  useCreateSsoConnectionMutation,
  useDeleteSsoConnectionMutation,
  useSetSsoEnforcedMutation,
  useSsoSettingsQuery,
  useUpdateSsoConnectionMutation,
  type SsoConnectionFieldsFragment,
} from '../../modules/sso/graphql/sso.generated';
import { ScimSection } from '../../modules/sso/components/ScimSection';
import {
  SsoConnectionForm,
  type SsoConnectionValues,
} from '../../modules/sso/components/SsoConnectionForm';
import { SsoConnectionList } from '../../modules/sso/components/SsoConnectionList';
import { SsoDomainList } from '../../modules/sso/components/SsoDomainList';
import { JoinByDomainSwitch } from '../../modules/sso/components/JoinByDomainSwitch';
import { DIALOG_PROPS } from '../../shared/dialog-styles';
import { EmptyState } from '../../shared/EmptyState';
import { errorMessage } from '../../shared/graphql-errors';
import { QueryState } from '../../shared/QueryState';
import { usePageTitle } from '../../shared/use-page-title';

const refetch = { refetchQueries: [{ query: SsoSettingsDocument }], awaitRefetchQueries: true };

/** The form's values as the API takes them (an empty secret keeps the stored one). */
function inputOf(v: SsoConnectionValues) {
  return {
    name: v.name.trim(),
    issuer: v.issuer.trim(),
    clientId: v.clientId.trim(),
    clientSecret: v.clientSecret || null,
    scopes: v.scopes,
    domains: v.domains.map((d) => d.trim().toLowerCase()).filter(Boolean),
    jitEnabled: v.jitEnabled,
    defaultRole: v.defaultRole,
    groupsClaim: v.groupsClaim.trim() || null,
    groupRoles: v.groupRoles.map((g) => ({ group: g.group.trim(), role: g.role })),
    enabled: v.enabled,
  };
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/**
 * /app/sso (admins): the workspace's OpenID Connect connections, the domains they serve and
 * their proof, whether SSO is required, and SCIM provisioning.
 */
export function SsoPage() {
  usePageTitle('Single sign-on');
  const { data, error, refetch: reload } = useSsoSettingsQuery();
  const [create] = useCreateSsoConnectionMutation(refetch);
  const [update] = useUpdateSsoConnectionMutation(refetch);
  const [remove, { loading: removing }] = useDeleteSsoConnectionMutation(refetch);
  const [setEnforced, { loading: enforcing }] = useSetSsoEnforcedMutation(refetch);
  const [editing, setEditing] = useState<SsoConnectionFieldsFragment | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SsoConnectionFieldsFragment | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const save = async (values: SsoConnectionValues) => {
    const input = inputOf(values);
    if (editing === 'new') await create({ variables: { input } });
    else if (editing) await update({ variables: { id: editing.id, input } });
    setEditing(null);
  };

  const act = async (work: () => Promise<unknown>) => {
    setProblem(null);
    try {
      await work();
      return true;
    } catch (e) {
      setProblem(errorMessage(e));
      return false;
    }
  };

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
      Add connection
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Single sign-on"
        subtitle="People sign in through your company’s identity provider"
        description="Connect Okta, Microsoft Entra ID, Google Workspace, Keycloak or any OpenID Connect provider. People at your verified domains are offered it on the sign-in page; SCIM lets the provider add, update and remove them."
        actions={data && data.ssoConnections.length > 0 ? addButton : undefined}
      />
      <QueryState
        data={data}
        error={error}
        onRetry={() => void reload()}
        errorTitle="Could not load the single sign-on settings"
        loading={
          <Paper withBorder radius="lg" p="md" aria-busy aria-label="Loading single sign-on">
            <Stack gap="md">
              {[0, 1, 2].map((i) => (
                <Skeleton key={i} height={40} />
              ))}
            </Stack>
          </Paper>
        }
      >
        {(settings) => (
          <Stack gap="xl">
            {problem && <FormAlert title="That did not work">{problem}</FormAlert>}
            <Section title="Connections">
              {settings.ssoConnections.length === 0 ? (
                <EmptyState
                  icon={IconShieldLock}
                  title="No identity provider yet"
                  description="Add your company’s OpenID Connect provider so people sign in with the account they already have."
                  actions={addButton}
                />
              ) : (
                <SsoConnectionList
                  connections={settings.ssoConnections}
                  onEdit={setEditing}
                  onDelete={setDeleting}
                />
              )}
            </Section>
            {settings.ssoSettings.domains.length > 0 && (
              <Section title="Domains">
                <SsoDomainList domains={settings.ssoSettings.domains} />
                <JoinByDomainSwitch />
              </Section>
            )}
            <Section title="Require single sign-on">
              <Paper withBorder radius="lg" p="md">
                <Switch
                  checked={settings.ssoSettings.enforced}
                  disabled={enforcing}
                  onChange={(event) => {
                    const enforced = event.currentTarget.checked;
                    void act(() => setEnforced({ variables: { enforced } }));
                  }}
                  label="Members sign in only through single sign-on"
                  description="Password sign-in is turned off for the workspace’s members. The workspace’s first admin keeps a break-glass password sign-in, recorded in the audit log. Needs an enabled connection."
                />
              </Paper>
            </Section>
            <Section title="SCIM provisioning">
              <ScimSection status={settings.scimStatus} />
            </Section>
          </Stack>
        )}
      </QueryState>
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'Add an identity provider' : `Edit ${editing?.name ?? ''}`}
        size={640}
        closeOnClickOutside={false}
        {...DIALOG_PROPS}
      >
        {editing !== null && data && (
          <SsoConnectionForm
            connection={editing === 'new' ? undefined : editing}
            callbackUrl={data.ssoSettings.callbackUrl}
            onSubmit={save}
            onCancel={() => setEditing(null)}
          />
        )}
      </Modal>
      <Modal
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={`Delete ${deleting?.name ?? ''}?`}
        {...DIALOG_PROPS}
      >
        <Stack gap="md">
          <Text size="sm">
            People who signed in through it keep their accounts; they sign in another way from now
            on.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              color="red"
              loading={removing}
              onClick={() =>
                void act(() => remove({ variables: { id: deleting!.id } })).then(() =>
                  setDeleting(null),
                )
              }
            >
              Delete connection
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
