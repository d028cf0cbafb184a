import { Badge, Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandGoogleDrive, IconBrandJira, IconFileText, IconSearch } from '@tabler/icons-react';
import classes from './landing.module.css';

const SOURCES = [
  { n: 1, title: 'Expense policy 2024.pdf', where: 'Uploaded file', icon: IconFileText },
  { n: 2, title: 'FIN-214 Client dinner limits', where: 'Jira', icon: IconBrandJira },
  { n: 3, title: 'Travel booking guide', where: 'Google Drive', icon: IconBrandGoogleDrive },
];

/** A drawn example of a question and a cited answer, so the hero shows the product. */
export function AnswerPreview() {
  return (
    <Paper
      className={classes.previewCard}
      withBorder
      shadow="xl"
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      aria-label="Example of a Lumen answer"
      role="figure"
      style={{ alignSelf: 'center' }}
    >
      <Group gap="sm" wrap="nowrap" mb="md">
        <ThemeIcon variant="light" radius="xl" size="lg">
          <IconSearch size={18} />
        </ThemeIcon>
        <Text fw={600}>How do I get reimbursed for a client dinner?</Text>
      </Group>
      <Text size="md" lh={1.6}>
        Submit the receipt in the expenses app within 30 days and tag the client project
        <span className={classes.citation}>[1]</span>. Dinners up to $75 per person are approved
        automatically; above that, your manager signs off
        <span className={classes.citation}>[2]</span>. Book travel for the same trip through the
        booking portal
        <span className={classes.citation}>[3]</span>.
      </Text>
      <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="lg" mb="xs">
        Sources
      </Text>
      <Stack gap={6}>
        {SOURCES.map(({ n, title, where, icon: Icon }) => (
          <Group key={n} gap="sm" wrap="nowrap">
            <Badge variant="light" size="sm" w={28} px={0}>
              {n}
            </Badge>
            <Icon size={16} stroke={1.6} aria-hidden />
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={500} truncate>
                {title}
              </Text>
            </Box>
            <Text size="xs" c="dimmed" ml="auto" style={{ flexShrink: 0 }}>
              {where}
            </Text>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
