import { Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { EmailVerificationStatus } from '../../modules/account/components/EmailVerificationStatus';
import { PasswordForm } from '../../modules/account/components/PasswordForm';
import { ProfileForm } from '../../modules/account/components/ProfileForm';
import { SessionList } from '../../modules/account/components/SessionList';
import { useSession } from '../../modules/auth/use-session';
import { usePageTitle } from '../../shared/use-page-title';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="section" gap="sm" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** /app/account (every member): your name, your address (verified or not), your password, where you are signed in. */
export function AccountPage() {
  usePageTitle('Account settings');
  const { user } = useSession();
  return (
    <>
      <PageHeader
        title="Account settings"
        subtitle="Your name, your email address, your password and where you are signed in"
      />
      {!user ? (
        <Skeleton height={200} radius="lg" />
      ) : (
        <Stack gap="xl" maw={760}>
          <Section title="Profile">
            <ProfileForm
              firstName={user.firstName ?? ''}
              lastName={user.lastName ?? ''}
              email={user.email ?? ''}
            />
          </Section>
          <Section title="Email address">
            <EmailVerificationStatus />
          </Section>
          <Section title="Password">
            <PasswordForm email={user.email ?? ''} />
          </Section>
          <Section title="Where you are signed in">
            <SessionList />
          </Section>
          <Section title="Linked accounts">
            <Text size="sm">
              Your accounts at Atlassian, Google and GitHub are on the{' '}
              <Anchor component={Link} to="/app/account/linked">
                Linked accounts
              </Anchor>{' '}
              page.
            </Text>
          </Section>
        </Stack>
      )}
    </>
  );
}
