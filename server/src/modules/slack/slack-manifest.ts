/** What the bot may do, each scope with why Lumen asks for it (docs/OPERATIONS.md lists them). */
export const BOT_SCOPES: Record<string, string> = {
  'app_mentions:read': 'hear @Lumen in channels',
  'chat:write': 'answer in threads and post private (ephemeral) answers',
  commands: 'the /lumen command',
  'im:history': 'read the direct messages people send Lumen',
  'im:read': 'know a conversation is a direct message',
  'reactions:write': 'react 👀 while answering',
  'users:read': 'look the asker up',
  'users:read.email': 'match the asker to a Lumen member by their verified email',
  'channels:read': 'list public channels for the channel settings',
  'groups:read': 'list private channels Lumen was added to',
  'channels:history': 'read replies in Lumen’s threads, and every question in "all" mode',
  'groups:history': 'the same in private channels',
};

export const BOT_EVENTS = [
  'app_mention',
  'message.im',
  'message.channels',
  'message.groups',
  'app_uninstalled',
  'tokens_revoked',
];

/**
 * The Slack app manifest (JSON, which Slack's "Create an app → From a manifest" accepts) with
 * every request URL pointing at this install's PUBLIC_URL.
 */
export function slackManifest(publicUrl: string): string {
  const requestUrl = `${publicUrl}/slack/events`;
  return JSON.stringify(
    {
      display_information: {
        name: 'Lumen',
        description: 'Answers from your team’s knowledge, with sources.',
        background_color: '#1f2937',
      },
      features: {
        app_home: {
          home_tab_enabled: false,
          messages_tab_enabled: true,
          messages_tab_read_only_enabled: false,
        },
        bot_user: { display_name: 'Lumen', always_online: true },
        slash_commands: [
          {
            command: '/lumen',
            url: requestUrl,
            description: 'Ask Lumen; only you see the answer',
            usage_hint: '<question>',
            should_escape: false,
          },
        ],
      },
      oauth_config: { scopes: { bot: Object.keys(BOT_SCOPES) } },
      settings: {
        event_subscriptions: { request_url: requestUrl, bot_events: BOT_EVENTS },
        interactivity: { is_enabled: true, request_url: requestUrl },
        org_deploy_enabled: false,
        socket_mode_enabled: false,
        token_rotation_enabled: false,
      },
    },
    null,
    2,
  );
}
