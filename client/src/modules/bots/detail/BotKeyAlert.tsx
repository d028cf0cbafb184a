import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconClockPause, IconKeyOff } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import type { ProviderKeyStatus } from '../../../graphql/types';
import { useSession } from '../../auth/use-session';

interface BotKeyAlertProps {
  status: ProviderKeyStatus | null | undefined;
  ownerId: string;
}

/**
 * For those who manage a bot: the state of the key it answers on (its owner's) when that key is
 * refused or failing, and where it is fixed. Nothing while the key works (or there is none: the
 * bots list already asks for one).
 */
export function BotKeyAlert({ status, ownerId }: BotKeyAlertProps) {
  const { user } = useSession();
  const own = user?.id === ownerId;
  if (status === 'INVALID') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconKeyOff size={18} />}
        title="The AI key this bot answers with was refused"
        role="alert"
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            OpenAI refused {own ? 'your' : 'the owner’s'} key, so the bot quotes its sources instead
            of writing answers, and the key is not tried again until it is saved again in
            Integrations.
          </Text>
          {own && (
            <Button component={Link} to="/app/integrations" size="xs" variant="light" color="red">
              Fix the key in Integrations
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (status === 'COOLING_DOWN') {
    return (
      <Alert
        color="yellow"
        variant="light"
        icon={<IconClockPause size={18} />}
        title="The AI provider is failing for this bot’s key"
      >
        <Text size="sm">
          OpenAI did not answer (an outage, a timeout or a rate limit), so for a few minutes the bot
          quotes its sources instead of writing answers; then it tries the key again by itself.
        </Text>
      </Alert>
    );
  }
  return null;
}
