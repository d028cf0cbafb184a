import { Button, Code, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';
import { AuthLayout } from '../modules/auth/components/AuthLayout';
import { usePageTitle } from '../shared/use-page-title';

interface Described {
  status?: string;
  message: string;
}

/** Status line and message for whatever the router caught; never a stack trace. */
export function describeRouteError(error: unknown): Described {
  if (isRouteErrorResponse(error)) {
    const status = `${error.status} ${error.statusText}`.trim();
    const data: unknown = error.data;
    const message =
      typeof data === 'string'
        ? data.replace(/^Error: /, '')
        : data && typeof data === 'object' && 'message' in data && typeof data.message === 'string'
          ? data.message
          : error.status === 404
            ? 'This page does not exist.'
            : 'The page could not be loaded.';
    return { status, message };
  }
  if (error instanceof Error) return { message: error.message || error.name };
  if (typeof error === 'string' && error) return { message: error };
  return { message: 'Something went wrong while showing this page.' };
}

/** SPEC §8 router fallback: 'Unexpected Application Error!' with the error's status and message. */
export function RouterErrorPage() {
  usePageTitle('Unexpected error');
  const { status, message } = describeRouteError(useRouteError());
  return (
    <AuthLayout
      title="Unexpected Application Error!"
      icon={
        <ThemeIcon size={48} radius="xl" variant="light" color="orange" aria-hidden>
          <IconAlertTriangle size={26} />
        </ThemeIcon>
      }
    >
      <Stack gap="md">
        {status && (
          <Text fw={700} fz="xl">
            {status}
          </Text>
        )}
        <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
          {message}
        </Code>
        <Text c="dimmed">
          Try going back to the home page. If this keeps happening, tell us what you were doing.
        </Text>
        <Button component={Link} to="/" size="md" fullWidth>
          Go to the home page
        </Button>
      </Stack>
    </AuthLayout>
  );
}
