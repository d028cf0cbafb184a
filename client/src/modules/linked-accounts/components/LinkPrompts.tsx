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
}

/**
 * The providers a member should link: those of the tools connected with MIRROR (the tool's own
 * permissions), except sources they own (the owner reads all of those anyway).
 */
export function providersToLink(
  sources: readonly PromptSource[],
  viewerId: string | undefined,
): LinkProviderInfo['key'][] {
  const needed = new Set<string>();
  for (const s of sources)
    if (s.access.mode === 'MIRROR' && isConnectorKind(s.kind) && s.owner?.id !== viewerId)
      needed.add(CONNECTORS[s.kind].provider);
  return LINK_PROVIDERS.filter((p) => needed.has(p.key)).map((p) => p.key);
}

interface LinkPromptsProps {
  sources: readonly PromptSource[] | undefined;
  viewerId: string | undefined;
}

/**
 * "Link your Google account to search the Drive files shared with you": one notice per tool the
 * workspace mirrors whose account the member has not linked (linked accounts are read only when
 * something is mirrored).
 */
export function LinkPrompts({ sources, viewerId }: LinkPromptsProps) {
  const wanted = providersToLink(sources ?? [], viewerId);
  const { data } = useLinkedAccountsQuery({ skip: wanted.length === 0 });
  if (!data || wanted.length === 0) return null;
  const linked = new Set(data.linkedAccounts.map((a) => a.provider));
  const missing = LINK_PROVIDERS.filter((p) => wanted.includes(p.key) && !linked.has(p.key));
  if (missing.length === 0) return null;
  return (
    <Stack gap="xs">
      {missing.map(({ key, label, icon: Icon }) => (
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
              Link your {label} account to search {FINDS[key]}.
            </Text>
            <Button component={Link} to="/app/account/linked" size="xs" variant="light">
              Link {label}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
