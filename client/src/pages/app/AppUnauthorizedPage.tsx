import { Button } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { EmptyState } from '../../shared/EmptyState';
import { usePageTitle } from '../../shared/use-page-title';

/** /app/unauthorized: where the route guard sends a member whose role lacks a permission. */
export function AppUnauthorizedPage() {
  usePageTitle('Access Denied');
  return (
    <>
      <PageHeader title="Access Denied" subtitle="This page needs a permission you don't have" />
      <EmptyState
        icon={IconLock}
        title="Your role doesn't allow this page"
        description="Your role in this workspace lacks the permission this page needs. If you think you should have access, ask a workspace admin to change your role."
        actions={
          <Button component={Link} to="/app/dashboard">
            Back to Home
          </Button>
        }
      />
    </>
  );
}
