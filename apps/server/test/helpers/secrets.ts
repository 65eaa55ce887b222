import { secretBox } from '../../src/modules/secrets/secret-box.ts';
import { parseSecretKey } from '../../src/modules/secrets/secret-keys.ts';

/**
 * The key every test seals with: the template database is seeded under it, and servers started
 * as child processes get it through the environment (testSecretsEnv), so all of them open the
 * same stored secrets.
 */
export const testSecretsEnv = {
  SECRETS_KEY: Buffer.alloc(32, 'khela-test-secrets').toString('base64'),
  SECRETS_KEY_ID: 'test',
};
export const testSecrets = secretBox(parseSecretKey(testSecretsEnv.SECRETS_KEY_ID, testSecretsEnv.SECRETS_KEY));
