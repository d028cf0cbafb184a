import { Badge } from '@mantine/core';
import { IconBrandSlack } from '@tabler/icons-react';

/** Marks something asked in Slack (History, Analytics, a bot's report). */
export function SlackBadge() {
  return (
    <Badge
      size="sm"
      variant="light"
      color="teal"
      radius="sm"
      tt="none"
      leftSection={<IconBrandSlack size={12} aria-hidden />}
    >
      Slack
    </Badge>
  );
}
