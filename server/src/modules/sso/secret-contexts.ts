/** The contexts single sign-on's sealed columns are bound to (see security/reseal-secrets.ts). */
export const connectionSecretContext = (id: string) => `sso-connection:${id}`;
export const loginVerifierContext = (id: string) => `sso-login:${id}`;
export const ssoSessionContext = (id: string) => `sso-session:${id}`;
