import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageQuestion, IconPlugConnected, IconRobot, type Icon } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { searchShortcutLabel } from '../../layout/shortcut';
import { useSession } from '../../modules/auth/use-session';
import { EmptyState } from '../../shared/EmptyState';

/** /app/dashboard: home. Nothing is connected yet, so it says how to get started. */
export function DashboardPage() {
  const { user } = useSession();
  const firstName = user?.firstName?.trim();

  return (
    <>
      <PageHeader
        title="Home"
        subtitle={firstName ? `Welcome, ${firstName}` : 'Welcome to Lumen'}
      />
      <Stack gap="xl">
        <EmptyState
          icon={IconPlugConnected}
          headingOrder={2}
          title="Connect a source or upload files to start asking questions"
          description="Lumen answers from your team's own tools and documents. Once a source is connected, your recent questions, answers and the sources behind them will show up here."
          actions={
            <Button component={Link} to="/app/connectors">
              Go to Connectors
            </Button>
          }
        />
        <section aria-labelledby="next-steps">
          <Title order={3} id="next-steps" size="h5" mb="sm">
            How Lumen works
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <StepCard
              icon={IconPlugConnected}
              step="1. Connect"
              text="Link a tool your team already uses, or upload files."
            />
            <StepCard
              icon={IconMessageQuestion}
              step="2. Ask"
              text={`Press ${searchShortcutLabel()} anywhere and ask a question, ending it with a question mark for an answer.`}
            />
            <StepCard
              icon={IconRobot}
              step="3. Share"
              text="Build bots that answer from the sources you choose."
            />
          </SimpleGrid>
        </section>
      </Stack>
    </>
  );
}

function StepCard({ icon: StepIcon, step, text }: { icon: Icon; step: string; text: string }) {
  return (
    <Card withBorder radius="lg" padding="lg">
      <ThemeIcon variant="light" size={36} radius="md" mb="sm">
        <StepIcon size={20} stroke={1.6} />
      </ThemeIcon>
      <Text fw={600}>{step}</Text>
      <Text size="sm" c="dimmed" mt={4}>
        {text}
      </Text>
    </Card>
  );
}
