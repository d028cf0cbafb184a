import { Accordion, Container, Text, Title } from '@mantine/core';

/** SPEC §2: exactly four questions (what it is, how it works, data security, free use). */
export const FAQ = [
  {
    value: 'what',
    question: 'What is Lumen?',
    answer:
      'Lumen is a knowledge-search assistant for workplace teams. It connects to the chats, apps and documents your team already uses and becomes the one place to ask a question. Instead of a list of links, you get a short answer together with the sources it was drawn from.',
  },
  {
    value: 'how',
    question: 'How does it work?',
    answer:
      'An admin connects your tools or uploads files. Lumen splits that content into passages and indexes it for your workspace. When someone asks a question, Lumen finds the most relevant passages and, with an AI-provider key configured, writes an answer that cites them as [1], [2] and so on. Without a key, it shows the best passages themselves, labelled as extracts. Either way, every claim links back to where it came from.',
  },
  {
    value: 'security',
    question: 'Is my data secure?',
    answer:
      'Every search is scoped to your own workspace, and permissions decide who can manage members and use search. Passwords are stored only as salted argon2id hashes. AI-provider keys and connector passwords are encrypted at rest with AES-256 and are only ever shown masked. Answers cite their sources, so you can always check what a statement is based on.',
  },
  {
    value: 'free',
    question: 'Can I use Lumen for free?',
    answer:
      'Yes. Signing up is free and includes search, connectors, file uploads and bots. Premium plans add more capacity and support for larger teams. Bots use your own AI-provider key, so model usage is billed by your provider, not by Lumen.',
  },
] as const;

export function LandingFaq() {
  return (
    <Container
      component="section"
      id="faq"
      aria-labelledby="faq-title"
      size="md"
      py={{ base: 56, md: 88 }}
      style={{ scrollMarginTop: 72 }}
    >
      <Title id="faq-title" order={2} ta="center" fz={{ base: 28, sm: 32 }}>
        Frequently asked questions
      </Title>
      <Text c="dimmed" ta="center" fz="lg" mt="sm" mb={40}>
        Everything you need to know before you connect your first tool.
      </Text>
      <Accordion variant="separated" radius="md" chevronPosition="right">
        {FAQ.map(({ value, question, answer }) => (
          <Accordion.Item key={value} value={value}>
            <Accordion.Control>
              <Text fw={600} fz="lg">
                {question}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Text c="dimmed" lh={1.65}>
                {answer}
              </Text>
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </Container>
  );
}
