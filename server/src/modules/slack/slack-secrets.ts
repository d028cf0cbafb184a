/** The contexts the Slack integration's sealed columns are bound to (see security/reseal-secrets.ts). */
export const slackBotTokenContext = (id: string) => `slack-bot-token:${id}`;
export const slackSigningSecretContext = (id: string) => `slack-signing-secret:${id}`;
