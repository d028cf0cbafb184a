import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has working defaults', () => {
    const config = loadConfig({}, '/srv/lumen');
    expect(config).toMatchObject({
      port: 4000,
      dataDir: '/srv/lumen/data',
      databaseUrl: undefined,
      graphqlIntrospection: false,
      connectors: { syncIntervalMinutes: 30, sweepHours: 24, permissionSyncMinutes: 15 },
    });
    expect(loadConfig({ CONNECTOR_SWEEP_HOURS: '0' }).connectors.sweepHours).toBe(0);
  });

  it.each([
    [{ PORT: 'abc' }, /^PORT /],
    [{ PORT: '70000' }, /^PORT /],
    [{ DATABASE_URL: 'mysql://x' }, /^DATABASE_URL /],
    [{ DATABASE_URL: 'not a url' }, /^DATABASE_URL /],
    [{ APP_SECRET: 'short' }, /^APP_SECRET /],
    [{ GRAPHQL_INTROSPECTION: 'maybe' }, /^GRAPHQL_INTROSPECTION /],
    [{ NODE_ENV: 'staging' }, /^NODE_ENV /],
    [{ NODE_ENV: 'production', DEV_OUTBOX: 'true' }, /^DEV_OUTBOX /],
    [{ ACCESS_TOKEN_TTL_SECONDS: '5' }, /^ACCESS_TOKEN_TTL_SECONDS /],
    [{ CONNECTOR_SWEEP_HOURS: '1.5' }, /^CONNECTOR_SWEEP_HOURS /],
    [{ CONNECTOR_SWEEP_HOURS: '721' }, /^CONNECTOR_SWEEP_HOURS /],
  ])('names the variable when %o is invalid', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
