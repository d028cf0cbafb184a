import { Badge } from '@mantine/core';
import { IconQuote } from '@tabler/icons-react';

/**
 * Labels an answer made without a model. It wraps instead of being cut with an ellipsis
 * (Mantine badges are one line), so narrow columns such as a bot's chat show all of it.
 */
export function ExtractiveBadge({ children }: { children: string }) {
  return (
    <Badge
      variant="light"
      color="gray"
      radius="sm"
      tt="none"
      leftSection={<IconQuote size={12} />}
      maw="100%"
      h="auto"
      py={4}
      style={{ alignSelf: 'flex-start' }}
      styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {children}
    </Badge>
  );
}
