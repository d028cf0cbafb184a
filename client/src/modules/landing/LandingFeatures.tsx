import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconBrandGithub,
  IconBrandGoogleDrive,
  IconBrandJira,
  IconBox,
  IconBrandDropbox,
  IconFiles,
  IconFileSearch,
  IconKey,
  IconQuote,
  IconRobot,
  type Icon,
} from '@tabler/icons-react';
import { FeatureSection } from './FeatureSection';
import classes from './landing.module.css';

function InfoCard({ icon: Icon, title, text }: { icon: Icon; title: string; text: string }) {
  return (
    <Card className={classes.previewCard} withBorder radius="lg" padding="lg">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={40} radius="md" variant="light">
          <Icon size={22} stroke={1.6} />
        </ThemeIcon>
        <Stack gap={4}>
          <Text fw={600}>{title}</Text>
          <Text size="md" c="dimmed" lh={1.5}>
            {text}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

const TOOLS: { name: string; icon: Icon }[] = [
  { name: 'Dropbox', icon: IconBrandDropbox },
  { name: 'Google Drive', icon: IconBrandGoogleDrive },
  { name: 'Confluence', icon: IconFileSearch },
  { name: 'Jira', icon: IconBrandJira },
  { name: 'Box', icon: IconBox },
  { name: 'GitHub', icon: IconBrandGithub },
];

/** Feature one: cited answers. */
export function AnswersFeature() {
  return (
    <FeatureSection
      id="features"
      eyebrow="Answers with sources"
      title="Answers your team can check"
      intro="Lumen reads what your team has already written and answers in plain language, pointing to exactly where each part of the answer came from."
      points={[
        'Every answer cites its passages, numbered [1], [2], with a link to the original.',
        'Search everything at once, or only the sources you tick.',
        'No AI key yet? You still get the best passages, clearly labelled as extracts.',
      ]}
      visual={
        <Stack gap="md" justify="center">
          <InfoCard
            icon={IconQuote}
            title="Cited, not invented"
            text="Answers are built from your own content and show their sources, so nobody has to take them on faith."
          />
          <InfoCard
            icon={IconFileSearch}
            title="Finds the right passage"
            text="Ranking looks at the words that matter in your question, across chats, pages and files."
          />
        </Stack>
      }
    />
  );
}

/** Feature two: connectors, uploads and bots on the user's own AI-provider key. */
export function ConnectFeature() {
  return (
    <FeatureSection
      id="connect"
      flipped
      eyebrow="Connect your tools"
      title="Bring every tool together, then build bots on your own AI key"
      intro="Connect the places your team works, or upload files, and Lumen keeps them searchable in one place for your workspace."
      points={[
        'Connect tools like Confluence and Google Drive, or upload PDF, Office, OpenDocument, Markdown, CSV and text files.',
        'Create bots with a name, model, language and the sources they may answer from.',
        'Bots run on your own AI-provider key, which is stored encrypted and only ever shown masked.',
      ]}
      visual={
        <Stack gap="md" justify="center">
          <SimpleGrid cols={{ base: 2, xs: 3 }} spacing="sm">
            {TOOLS.map(({ name, icon: Icon }) => (
              <Card key={name} className={classes.previewCard} withBorder radius="md" padding="sm">
                <Group gap="xs" wrap="nowrap">
                  <Icon size={20} stroke={1.6} aria-hidden />
                  <Text size="md" fw={500} truncate>
                    {name}
                  </Text>
                </Group>
              </Card>
            ))}
          </SimpleGrid>
          <InfoCard
            icon={IconFiles}
            title="Files too"
            text="Drop in handbooks, specs and slide decks; they are parsed and indexed for search."
          />
          <InfoCard
            icon={IconRobot}
            title="Bots on your own AI key"
            text="Pick a model and language per bot. Usage is billed by your AI provider, not by us."
          />
          <Group gap={6} c="dimmed">
            <IconKey size={16} aria-hidden />
            <Text size="sm">Keys are encrypted at rest with AES-256.</Text>
          </Group>
        </Stack>
      }
    />
  );
}
