import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { lobbyGames } from '../../test/helpers/lobby-games.ts';
import { SerializedEnvelope } from './serialized-envelope.ts';

const big = SerializedEnvelope.of({
  games: Array.from({ length: 40 }, (_, i) => ({ nodeId: i, gameName: `Game ${i}` })),
});

describe('SerializedEnvelope', () => {
  it('is the envelope as JSON, sent as it is to a client that takes no compression', () => {
    expect(JSON.parse(big.json)).toMatchObject({ success: true, value: { games: expect.any(Array) } });
    expect(big.body(undefined)).toEqual({ payload: big.json, encoding: null });
    expect(big.body('identity')).toEqual({ payload: big.json, encoding: null });
    expect(SerializedEnvelope.of(null).json).toBe('{"success":true,"value":null}');
  });

  it('prefers brotli, then gzip, made once and kept', () => {
    const br = big.body('gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.payload as Buffer).toString()).toBe(big.json);
    expect(big.body('br').payload).toBe(br.payload);
    const gzip = big.body('gzip;q=1.0, br;q=0');
    expect(gzip.encoding).toBe('gzip');
    expect(gunzipSync(gzip.payload as Buffer).toString()).toBe(big.json);
    expect(big.body('br;q=0, gzip;q=0').encoding).toBeNull();
  });

  it('compresses brotli at the best quality in the background, once, and says its body changed', async () => {
    const envelope = SerializedEnvelope.of({ games: lobbyGames(40) });
    const quick = envelope.body('br').payload as Buffer;
    const revision = envelope.revision;
    const best = envelope.compressBest();
    expect(envelope.compressBest()).toBe(best);
    await best;
    const { payload, encoding } = envelope.body('br');
    expect(encoding).toBe('br');
    expect((payload as Buffer).length).toBeLessThan(quick.length);
    expect(brotliDecompressSync(payload as Buffer).toString()).toBe(envelope.json);
    expect(envelope.revision).toBe(revision + 1);
  });

  it('leaves small answers uncompressed', async () => {
    const small = SerializedEnvelope.of({ amount: '1.00' });
    expect(small.body('br, gzip')).toEqual({ payload: small.json, encoding: null });
    await small.compressBest();
    expect(small.body('br')).toEqual({ payload: small.json, encoding: null });
    expect(small.revision).toBe(0);
  });
});
