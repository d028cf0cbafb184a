import { Button, Divider, Stack } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconShieldLock } from '@tabler/icons-react';
import { useSsoDiscoverQuery } from '../graphql/sso-sign-in.generated';

const looksLikeEmail = (value: string) => /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim());

/**
 * "Continue with <company>" for an address whose domain signs in through SSO. The server answers
 * every address without SSO the same way (no connection), so nothing here tells whether an
 * account exists.
 */
export function SsoButtons({ email }: { email: string }) {
  const [debounced] = useDebouncedValue(email.trim().toLowerCase(), 400);
  const { data } = useSsoDiscoverQuery({
    variables: { email: debounced },
    skip: !looksLikeEmail(debounced),
  });
  const connections = looksLikeEmail(debounced) ? (data?.ssoDiscover.connections ?? []) : [];
  if (connections.length === 0) return null;
  return (
    <Stack gap="xs">
      {connections.map((c) => (
        <Button
          key={c.id}
          component="a"
          href={c.startUrl}
          size="md"
          variant="light"
          fullWidth
          leftSection={<IconShieldLock size={18} />}
        >
          Continue with {c.name}
        </Button>
      ))}
      <Divider label="or use your password" labelPosition="center" />
    </Stack>
  );
}
