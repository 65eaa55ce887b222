import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { importPrivateKey } from '@khela/contracts';
import type { WireKeys } from './encryption.ts';

export async function wireKeysFromPem(keyId: string, privateKeyPem: string): Promise<WireKeys> {
  const publicKeyPem = createPublicKey(privateKeyPem).export({ type: 'spki', format: 'pem' }).toString();
  return { keyId, publicKeyPem, privateKey: await importPrivateKey(privateKeyPem) };
}

/**
 * The configured key, or for the embedded demo a key made once and kept in DATA_DIR, so that
 * restarts do not invalidate the key a browser already fetched.
 */
export async function loadWireKeys(
  keyId: string,
  privateKeyPem: string | undefined,
  dataDir: string,
): Promise<WireKeys> {
  if (privateKeyPem) return wireKeysFromPem(keyId, privateKeyPem.replace(/\\n/g, '\n'));
  const file = join(dataDir, 'wire-key.pem');
  if (!existsSync(file)) {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return wireKeysFromPem(`${keyId}-local`, await readFile(file, 'utf8'));
}
