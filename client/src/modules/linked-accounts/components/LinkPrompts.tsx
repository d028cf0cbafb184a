import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { CONNECTORS, isConnectorKind } from '../../connectors/connector-kinds';
import { useLinkedAccountsQuery } from '../graphql/linked-accounts.generated';
import { LINK_PROVIDERS, type LinkProviderInfo } from '../providers';

/** What a member finds once the provider's account is linked (follows "to search"). */
const FINDS: Record<LinkProviderInfo['key'], string> = {
  atlassian: 'the Confluence pages and Jira issues you can open',
  google: 'the Drive files shared with you',
  github: 'the repositories you can read',
};

interface PromptSource {
  kind: string;
  access: { mode: string };
  owner?: { id: string } | null;
  permissionsFromMembers?: boolean;
}

type ProviderKey = LinkProviderInfo['key'];

/**
 * The providers a member should link: those of the tools connected with MIRROR (the tool's own
 * permissions), except sources they own (the owner reads all of those anyway); and among them,
 * those that must be linked with read access (a source whose connection may not read the tool's
 * permissions asks the tool, with each member's own account, what they may open).
 */
export function providersToLink(
  sources: readonly PromptSource[],
  viewerId: string | undefined,
): { key: ProviderKey; readAccess: boolean }[] {
  const needed = new Map<string, boolean>();
  for (const s of sources)
    if (s.access.mode === 'MIRROR' && isConnectorKind(s.kind) && s.owner?.id !== viewerId) {
      const key = CONNECTORS[s.kind].provider;
      needed.set(key, (needed.get(key) ?? false) || s.permissionsFromMembers === true);
    }
  return LINK_PROVIDERS.filter((p) => needed.has(p.key)).map((p) => ({
    key: p.key,
    readAccess: needed.get(p.key)!,
  }));
}

interface LinkPromptsProps {
  sources: readonly PromptSource[] | undefined;
  viewerId: string | undefined;
}

/**
 * "Link your Google account to search the Drive files shared with you": one notice per tool the
 * workspace mirrors whose account the member has not linked (linked accounts are read only when
 * something is mirrored), or has linked without the read access a source now needs.
 */
export function LinkPrompts({ sources, viewerId }: LinkPromptsProps) {
  const wanted = providersToLink(sources ?? [], viewerId);
  const { data } = useLinkedAccountsQuery({ skip: wanted.length === 0 });
  if (!data || wanted.length === 0) return null;
  const links = new Map(data.linkedAccounts.map((a) => [a.provider, a]));
  const prompts = LINK_PROVIDERS.flatMap((p) => {
    const want = wanted.find((w) => w.key === p.key);
    const link = links.get(p.key);
    if (!want || (link && (!want.readAccess || link.checksAccess))) return [];
    return [{ provider: p, again: Boolean(link), readAccess: want.readAccess }];
  });
  if (prompts.length === 0) return null;
  return (
    <Stack gap="xs">
      {prompts.map(({ provider: { key, label, icon: Icon }, again, readAccess }) => (
        <Alert
          key={key}
          variant="light"
          color="blue"
          role="note"
          aria-label={`Link your ${label} account`}
          icon={<Icon size={18} aria-hidden />}
        >
          <Group justify="space-between" gap="sm">
            <Text size="sm">
              {readAccess
                ? `Link your ${label} account ${again ? 'again, with read access,' : 'with read access'} so Lumen can ask ${label} what you may open: a connection here cannot read its permissions, so until then you find none of its items.`
                : `Link your ${label} account to search ${FINDS[key]}.`}
            </Text>
            <Button component={Link} to="/app/account/linked" size="xs" variant="light">
              {again ? `Link ${label} again` : `Link ${label}`}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
