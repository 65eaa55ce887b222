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
    };
    expect(loadConfig(production).devEndpoints).toBe(false);
    expect(() => loadConfig({ ...production, DEV_ENDPOINTS: '1' })).toThrow(/DEV_ENDPOINTS/);
  });
});
