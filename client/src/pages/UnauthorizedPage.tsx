import { Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { usePageTitle } from '../shared/use-page-title';

/** SPEC §2 /unauthorized. */
export function UnauthorizedPage() {
  usePageTitle('Access Denied');
  return (
    <AuthLayout
      title="Access Denied"
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" color="red" aria-hidden>
          <IconLock size={26} />
        </ThemeIcon>
      }
    >
      <Stack gap="lg">
        <Text>
          You don&apos;t have permission to view this page. If you think you should, ask an admin of
          your workspace to grant you access.
        </Text>
        <Button component={Link} to="/" size="md" fullWidth>
          Back to home
        </Button>
      </Stack>
    </AuthLayout>
  );
}
