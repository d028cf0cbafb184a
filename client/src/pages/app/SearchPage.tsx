import { ActionIcon, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconSearch, IconSparkles } from '@tabler/icons-react';
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { EmptyState } from '../../shared/EmptyState';

/** /app/search (no top bar): the search box, fed by ?q=. Answers need connected sources. */
export function SearchPage() {
  const [params, setParams] = useSearchParams();
  const query = params.get('q') ?? '';
  const [draft, setDraft] = useState(query);

  // A new ?q= (the Cmd+K modal, back/forward) replaces what is in the box.
  useEffect(() => setDraft(query), [query]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = draft.trim();
    setParams(text ? { q: text } : {});
  };

  return (
    <>
      <PageHeader title="Search" subtitle="Answers from your team's sources" />
      <Stack gap="xl">
        <form onSubmit={submit} role="search">
          <TextInput
            label="Ask Lumen"
            placeholder="Ask me anything..."
            value={draft}
            onChange={(event) => setDraft(event.currentTarget.value)}
            size="lg"
            radius="md"
            leftSection={<IconSearch size={20} stroke={1.6} />}
            rightSection={
              <ActionIcon type="submit" size={40} radius="md" aria-label="Search">
                <IconArrowRight size={20} stroke={1.8} />
              </ActionIcon>
            }
            rightSectionWidth={56}
            styles={{ input: { height: 60 }, label: { marginBottom: 8 } }}
          />
        </form>
        {query && (
          <Text c="dimmed">
            You searched for <strong>“{query}”</strong>
          </Text>
        )}
        <EmptyState
          icon={IconSparkles}
          title="Answers arrive when sources are connected"
          description="Lumen answers from your team's connected tools and uploaded files, and shows the sources behind every answer. No sources are connected to this workspace yet, so there is nothing to search."
          actions={
            <Button component={Link} to="/app/connectors" variant="light">
              Go to Connectors
            </Button>
          }
        />
      </Stack>
    </>
  );
}
