import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Config } from '../../config.ts';
import { secretBox, type SecretBox, type SecretKey } from './secret-box.ts';

/** A key as configured: 32 bytes in base64 (44 characters) or hex (64). */
export function parseSecretKey(id: string, text: string): SecretKey {
  const trimmed = text.trim();
  const key = /^[0-9a-fA-F]{64}$/.test(trimmed) ? Buffer.from(trimmed, 'hex') : Buffer.from(trimmed, 'base64');
  if (key.length !== 32) throw new Error(`secret key "${id}" must be 32 bytes in base64 or hex`);
  return { id, key };
}

/** SECRETS_PREVIOUS_KEYS: `id:key,id:key` (each key as in parseSecretKey). */
export function parsePreviousSecretKeys(text: string | undefined): SecretKey[] {
  if (!text?.trim()) return [];
  return text.split(',').map((entry) => {
    const colon = entry.indexOf(':');
    if (colon <= 0) throw new Error('SECRETS_PREVIOUS_KEYS: each entry is id:key');
    return parseSecretKey(entry.slice(0, colon).trim(), entry.slice(colon + 1));
  });
}

/**
 * The configured key (SECRETS_KEY, required in production), or for the embedded demo a key made
 * once and kept in DATA_DIR beside its database, like the wire key.
 */
export async function loadSecretBox(
  config: Pick<Config, 'secretsKey' | 'secretsKeyId' | 'secretsPreviousKeys' | 'dataDir'>,
): Promise<SecretBox> {
  const previous = parsePreviousSecretKeys(config.secretsPreviousKeys);
  if (config.secretsKey) return secretBox(parseSecretKey(config.secretsKeyId, config.secretsKey), previous);
  const file = join(config.dataDir, 'secrets-key');
  if (!existsSync(file)) {
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return secretBox(parseSecretKey('local', await readFile(file, 'utf8')), previous);
}
