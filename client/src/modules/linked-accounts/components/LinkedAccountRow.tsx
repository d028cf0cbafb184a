import { Badge, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLink, IconLinkOff, IconRefresh } from '@tabler/icons-react';
import type { LinkedAccountFieldsFragment } from '../graphql/linked-accounts.generated';
import type { LinkProviderInfo } from '../providers';

interface LinkedAccountRowProps {
  provider: LinkProviderInfo;
  account: LinkedAccountFieldsFragment | undefined;
  busy: boolean;
  onLink: () => void;
  onUnlink: () => void;
}

const dateText = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));

/**
 * One provider: linked (which account, since when, Link again, Unlink) or not (what linking
 * gives, Link).
 */
export function LinkedAccountRow({
  provider,
  account,
  busy,
  onLink,
  onUnlink,
}: LinkedAccountRowProps) {
  const ProviderIcon = provider.icon;
  return (
    // On a phone the buttons go under the account rather than being squeezed ("Li…").
    <Group
      component="li"
      justify="space-between"
      wrap="wrap"
      gap="md"
      p="md"
      aria-label={provider.label}
    >
      <Group gap="md" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
        <ThemeIcon variant="light" size={40} radius="md" color={account ? 'teal' : 'gray'}>
          <ProviderIcon size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={600}>{provider.label}</Text>
            {account ? (
              <Badge color="teal" variant="light" size="sm">
                Linked
              </Badge>
            ) : (
              <Badge color="gray" variant="light" size="sm">
                Not linked
              </Badge>
            )}
          </Group>
          {account ? (
            <Text size="sm" c="dimmed" truncate>
              {account.email ?? `Account ${account.accountId} (no verified email)`} · linked{' '}
              {dateText(account.linkedAt)}
              {account.checksAccess ? ` · Lumen may ask ${provider.label} what you can open` : ''}
            </Text>
          ) : (
            <Text size="sm" c="dimmed">
              Link it so your searches include {provider.why}.
            </Text>
          )}
        </Stack>
      </Group>
      {account ? (
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          {/* Another account, or the read access a connection now needs. */}
          <Button
            variant="subtle"
            leftSection={<IconRefresh size={16} />}
            disabled={busy}
            onClick={onLink}
            aria-label={`Link ${provider.label} again`}
          >
            Link again
          </Button>
          <Button
            variant="default"
            leftSection={<IconLinkOff size={16} />}
            loading={busy}
            onClick={onUnlink}
            aria-label={`Unlink ${provider.label}`}
          >
            Unlink
          </Button>
        </Group>
      ) : (
        <Button
          leftSection={<IconLink size={16} />}
          style={{ flexShrink: 0 }}
          loading={busy}
          onClick={onLink}
          aria-label={`Link ${provider.label}`}
        >
          Link
        </Button>
      )}
    </Group>
  );
}
