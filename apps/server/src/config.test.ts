import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('DEV_ENDPOINTS', () => {
  it('is on by default with the bundled database outside production, off with an external one', () => {
    expect(loadConfig({}).devEndpoints).toBe(true);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/khela' }).devEndpoints).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db.example/khela', DEV_ENDPOINTS: '1' }).devEndpoints).toBe(true);
    expect(loadConfig({ DEV_ENDPOINTS: 'false' }).devEndpoints).toBe(false);
  });

  it('refuses to start with it on in production, and leaves it off there by default', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://db.example/khela',
      WIRE_PRIVATE_KEY: 'pem',
      SECRETS_KEY: 'key',
    };
    expect(loadConfig(production).devEndpoints).toBe(false);
    expect(() => loadConfig({ ...production, DEV_ENDPOINTS: '1' })).toThrow(/DEV_ENDPOINTS/);
  });
});

describe('SECRETS_KEY', () => {
  it('is required in production and optional elsewhere (the demo keeps its own in DATA_DIR)', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/khela', WIRE_PRIVATE_KEY: 'pem' };
    expect(() => loadConfig(production)).toThrow(/SECRETS_KEY/);
    expect(loadConfig({ ...production, SECRETS_KEY: 'k' }).secretsKey).toBe('k');
    expect(loadConfig({}).secretsKey).toBeUndefined();
    expect(loadConfig({}).secretsKeyId).toBe('s1');
    expect(() => loadConfig({ SECRETS_KEY_ID: 'no spaces' })).toThrow(/SECRETS_KEY_ID/);
  });
});
