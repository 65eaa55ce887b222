import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { base64ToBytes, bytesToBase64, importPrivateKey, openSealed, SealError, sealPayload } from './seal.ts';

const vectors = JSON.parse(
  readFileSync(new URL('../../../apps/server/test/fixtures/wire-vectors.json', import.meta.url), 'utf8'),
);

describe('sealed payloads (ARCHITECTURE §3)', () => {
  it('opens every test vector to its plaintext', async () => {
    const key = await importPrivateKey(vectors.privateKey);
    for (const vector of vectors.vectors) {
      await expect(openSealed(key, vector.headers.Encryption, vector.body.value)).resolves.toEqual(vector.plaintext);
    }
  });

  it('refuses the tampered vector', async () => {
    const key = await importPrivateKey(vectors.privateKey);
    await expect(openSealed(key, vectors.tampered.headers.Encryption, vectors.tampered.body.value)).rejects.toThrow(
      SealError,
    );
  });

  it('reproduces a vector byte for byte from its AES key and IV', async () => {
    const [vector] = vectors.vectors;
    const sealed = await sealPayload(vectors.publicKey, vector.plaintext, {
      aesKey: base64ToBytes(vector.aesKeyBase64),
      iv: base64ToBytes(vector.ivBase64),
    });
    expect(sealed.body.value).toBe(vector.body.value);
  });

  it('round-trips unicode through a fresh key', async () => {
    const key = await importPrivateKey(vectors.privateKey);
    const payload = { payeeName: 'রহিম উদ্দিন', note: '✓ 中文' };
    const sealed = await sealPayload(vectors.publicKey, payload);
    await expect(openSealed(key, sealed.headers.Encryption, sealed.body.value)).resolves.toEqual(payload);
  });

  it('refuses garbage in the header or body', async () => {
    const key = await importPrivateKey(vectors.privateKey);
    await expect(openSealed(key, 'AAAA', vectors.vectors[0].body.value)).rejects.toThrow(SealError);
    await expect(openSealed(key, vectors.vectors[0].headers.Encryption, 'not base64!')).rejects.toThrow(SealError);
    await expect(
      openSealed(key, vectors.vectors[0].headers.Encryption, bytesToBase64(new Uint8Array(10))),
    ).rejects.toThrow(SealError);
  });
});
