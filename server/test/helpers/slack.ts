import { expect } from 'vitest';
import type { Account } from './accounts.js';
import { gqlOk } from './access.js';
import type { FakeSlack, FakeSlackCall } from './fake-slack.js';
import type { TestApp } from './test-app.js';

export const INTEGRATION_FIELDS = `teamId teamName connectedAt status revokedReason botUserId
  channels { channelId botId mode } defaultChannel { channelId botId mode }`;

/** Connects the workspace's Slack app through GraphQL (the fake must know the token). */
export async function connectSlack(
  app: TestApp,
  admin: Account,
  botToken: string,
  signingSecret: string,
) {
  const data = await gqlOk(
    app,
    admin,
    `mutation($i: ConnectSlackInput!) { connectSlack(input: $i) { ${INTEGRATION_FIELDS} } }`,
    { i: { botToken, signingSecret } },
  );
  return data.connectSlack;
}

export async function setSlackChannel(
  app: TestApp,
  admin: Account,
  channelId: string,
  mode: 'MENTION' | 'ALL' | 'OFF',
  botId: string | null = null,
) {
  const data = await gqlOk(
    app,
    admin,
    `mutation($i: SetSlackChannelInput!) { setSlackChannel(input: $i) { ${INTEGRATION_FIELDS} } }`,
    { i: { channelId, mode, botId } },
  );
  return data.setSlackChannel;
}

/** Waits until the fake has seen `count` calls of `method` (matching `where`). */
export async function waitForCalls(
  fake: FakeSlack,
  method: string,
  count = 1,
  where: (c: FakeSlackCall) => boolean = () => true,
  timeoutMs = 15_000,
): Promise<FakeSlackCall[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = fake.callsOf(method).filter(where);
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(
        `${method}: ${found.length} of ${count} calls after ${timeoutMs} ms; calls seen: ${fake.calls.map((c) => c.method).join(', ')}`,
      );
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** All the text a message's blocks show. */
export function blocksText(call: FakeSlackCall): string {
  const blocks: any[] = call.body.blocks ?? [];
  return blocks
    .map((b) =>
      b.type === 'section'
        ? b.text.text
        : b.type === 'context'
          ? b.elements.map((e: any) => e.text).join(' ')
          : b.type === 'actions'
            ? b.elements.map((e: any) => e.text.text).join(' ')
            : '',
    )
    .join('\n');
}

export function feedbackButtons(call: FakeSlackCall): { action_id: string; value: string }[] {
  const actions = (call.body.blocks ?? []).find((b: any) => b.type === 'actions');
  expect(actions, 'no actions block').toBeTruthy();
  return actions.elements;
}
