/**
 * Encrypted calls (ARCHITECTURE §3), one implementation for the browser and Node: both have
 * WebCrypto. A fresh AES-256 key per request is wrapped with the server's RSA-OAEP-SHA256
 * public key (`Encryption` header); the JSON payload travels as base64(iv12 ‖ AES-GCM(ct ‖ tag)).
 */
const IV_BYTES = 12;
const AES_KEY_BYTES = 32;

export interface SealedRequest {
  headers: { Encryption: string };
  body: { value: string };
}

function subtle(): SubtleCrypto {
  const s = globalThis.crypto?.subtle;
  if (!s) throw new Error('WebCrypto is unavailable (a secure context is required)');
  return s;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = '';
  const CHUNK = 0x8000;
  for (let i = 0; i < bytes.length; i += CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(i, i + CHUNK));
  }
  return btoa(binary);
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  return base64ToBytes(pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, ''));
}

const OAEP = { name: 'RSA-OAEP', hash: 'SHA-256' } as const;

export function importPublicKey(spkiPem: string): Promise<CryptoKey> {
  return subtle().importKey('spki', pemToDer(spkiPem), OAEP, false, ['encrypt']);
}

export function importPrivateKey(pkcs8Pem: string): Promise<CryptoKey> {
  return subtle().importKey('pkcs8', pemToDer(pkcs8Pem), OAEP, false, ['decrypt']);
}

/** Seals `payload` for the holder of `publicKey`. `aesKey` and `iv` are for test vectors only. */
export async function sealPayload(
  publicKey: CryptoKey | string,
  payload: unknown,
  fixed?: { aesKey: Uint8Array<ArrayBuffer>; iv: Uint8Array<ArrayBuffer> },
): Promise<SealedRequest> {
  const rsaKey = typeof publicKey === 'string' ? await importPublicKey(publicKey) : publicKey;
  const rawKey = fixed?.aesKey ?? globalThis.crypto.getRandomValues(new Uint8Array(AES_KEY_BYTES));
  const iv = fixed?.iv ?? globalThis.crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const aesKey = await subtle().importKey('raw', rawKey, 'AES-GCM', false, ['encrypt']);
  const plaintext = new TextEncoder().encode(JSON.stringify(payload));
  const cipher = new Uint8Array(await subtle().encrypt({ name: 'AES-GCM', iv }, aesKey, plaintext));
  const wrappedKey = new Uint8Array(await subtle().encrypt(OAEP, rsaKey, rawKey));
  const sealed = new Uint8Array(IV_BYTES + cipher.length);
  sealed.set(iv, 0);
  sealed.set(cipher, IV_BYTES);
  return { headers: { Encryption: bytesToBase64(wrappedKey) }, body: { value: bytesToBase64(sealed) } };
}

export class SealError extends Error {
  override name = 'SealError';
}

/** Opens a sealed request; throws SealError when the key or the ciphertext does not check out. */
export async function openSealed(
  privateKey: CryptoKey,
  encryptionHeader: string,
  sealedValue: string,
): Promise<unknown> {
  try {
    const rawKey = new Uint8Array(await subtle().decrypt(OAEP, privateKey, base64ToBytes(encryptionHeader)));
    if (rawKey.length !== AES_KEY_BYTES) throw new SealError('wrapped key has the wrong length');
    const sealed = base64ToBytes(sealedValue);
    if (sealed.length <= IV_BYTES + 16) throw new SealError('ciphertext too short');
    const aesKey = await subtle().importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
    const plaintext = await subtle().decrypt(
      { name: 'AES-GCM', iv: sealed.subarray(0, IV_BYTES) },
      aesKey,
      sealed.subarray(IV_BYTES),
    );
    return JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(plaintext));
  } catch (error) {
    if (error instanceof SealError) throw error;
    throw new SealError('the request could not be decrypted', { cause: error });
  }
}
