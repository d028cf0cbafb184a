import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useState } from 'react';
import { errorMessage } from '../../../shared/graphql-errors';
import { FormAlert } from '../../auth/components/FormAlert';
import {
  SsoSettingsDocument,
  useVerifySsoDomainMutation,
  type SsoDomainFieldsFragment,
} from '../graphql/sso.generated';
import { CopyField } from './CopyField';

/**
 * The email domains the connections serve: a domain routes people to SSO only once proven, by a
 * DNS TXT record at the domain (Google Workspace's domains are proven by Google at sign-in).
 */
export function SsoDomainList({ domains }: { domains: readonly SsoDomainFieldsFragment[] }) {
  // The settings are read again: a domain answer has no id to update the list by itself.
  const [verify] = useVerifySsoDomainMutation({
    refetchQueries: [{ query: SsoSettingsDocument }],
    awaitRefetchQueries: true,
  });
  const [checking, setChecking] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const check = async (domain: string) => {
    setProblem(null);
    setChecking(domain);
    try {
      const { data } = await verify({ variables: { domain } });
      if (data && !data.verifySsoDomain.verified)
        setProblem(
          `The TXT record of ${domain} was not found yet. DNS changes can take a while to show; try again in a few minutes.`,
        );
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setChecking(null);
    }
  };

  return (
    <Stack gap="sm">
      {problem && <FormAlert title="Not verified">{problem}</FormAlert>}
      <Paper withBorder radius="lg" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {domains.map((d, i) => (
          <Stack
            key={d.domain}
            component="li"
            gap="xs"
            p="md"
            aria-label={d.domain}
            style={
              i > 0 ? { borderTop: '1px solid var(--mantine-color-default-border)' } : undefined
            }
          >
            <Group justify="space-between" wrap="nowrap">
              <Group gap="xs">
                <Text fw={600}>{d.domain}</Text>
                <Badge size="sm" variant="light" color={d.verified ? 'teal' : 'yellow'}>
                  {d.verified ? 'Verified' : 'Not verified'}
                </Badge>
              </Group>
              {!d.verified && (
                <Button
                  variant="default"
                  leftSection={<IconRefresh size={16} />}
                  loading={checking === d.domain}
                  onClick={() => void check(d.domain)}
                  aria-label={`Verify ${d.domain}`}
                >
                  Verify
                </Button>
              )}
            </Group>
            {!d.verified && (
              <>
                <Text size="sm" c="dimmed">
                  Add this TXT record at <Code>{d.domain}</Code> in your DNS, then press Verify.
                </Text>
                <CopyField label={`TXT record for ${d.domain}`} value={d.txtRecord} />
              </>
            )}
          </Stack>
        ))}
      </Paper>
    </Stack>
  );
}
