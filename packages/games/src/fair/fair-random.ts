import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha2';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils';

/**
 * The provably fair scheme (ARCHITECTURE §5; issue 12 item 1). Everything a player needs to redo a
 * round with any HMAC tool:
 *
 * - The server seed is 64 hex characters. Before any bet the player sees its commitment,
 *   `SHA-256(serverSeed)` over the seed's text, hex.
 * - The player sets a client seed (any text, 1–64 characters); each bet under a seed pair takes the
 *   next nonce (0, 1, 2 …).
 * - The bytes of a bet are `HMAC-SHA256(key = serverSeed, message = "clientSeed:nonce:cursor")`
 *   for cursor 0, 1, 2 … (the texts as UTF-8), 32 bytes a block, read in order.
 * - Integers are read 4 bytes at a time, big-endian; an integer below n is one below the largest
 *   multiple of n under 2^32, taken modulo n, a word at or above it discarded (no modulo bias).
 */
export interface FairSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const SERVER_SEED = /^[0-9a-f]{64}$/;
const TWO_32 = 2 ** 32;

export const CLIENT_SEED_MAX_LENGTH = 64;

/** The hex commitment to a server seed that players see before they bet. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

export function isServerSeed(value: string): boolean {
  return SERVER_SEED.test(value);
}

/** A client seed a player may set: 1–64 printable characters, no colon (it separates the message). */
export function isClientSeed(value: string): boolean {
  return value.length >= 1 && value.length <= CLIENT_SEED_MAX_LENGTH && /^[\x21-\x39\x3b-\x7e]+$/.test(value);
}

/** The HMAC keyed with the last server seed used, cloned for each block (the key is hashed once). */
let keyed: { serverSeed: string; mac: ReturnType<typeof hmac.create> } | undefined;

/** One 32-byte block of a bet's bytes. */
export function fairBlock(seeds: FairSeeds, cursor: number): Uint8Array {
  if (!isServerSeed(seeds.serverSeed)) throw new RangeError('server seed: 64 lowercase hex characters');
  if (!Number.isSafeInteger(seeds.nonce) || seeds.nonce < 0) throw new RangeError('nonce: a whole number ≥ 0');
  if (keyed?.serverSeed !== seeds.serverSeed) {
    keyed = { serverSeed: seeds.serverSeed, mac: hmac.create(sha256, utf8ToBytes(seeds.serverSeed)) };
  }
  return keyed.mac
    .clone()
    .update(utf8ToBytes(`${seeds.clientSeed}:${seeds.nonce}:${cursor}`))
    .digest();
}

/** The reader of a bet's bytes: words, unbiased integers and shuffles, in the order they are drawn. */
export interface FairRandom {
  /** The next 4 bytes as an unsigned 32-bit integer. */
  word(): number;
  /** An integer in [0, n), 1 ≤ n ≤ 2^32, without modulo bias. */
  below(n: number): number;
  /** The first `take` items of a Fisher–Yates shuffle of `items` (all of them by default). */
  shuffle<T>(items: readonly T[], take?: number): T[];
  /** How many 4-byte words have been read (rejections included). */
  readonly wordsRead: number;
}

export function fairRandom(seeds: FairSeeds): FairRandom {
  return randomFromBlocks((cursor) => fairBlock(seeds, cursor));
}

/** The reader over any source of 32-byte blocks (the RNG checks feed it long runs). */
export function randomFromBlocks(blockAt: (cursor: number) => Uint8Array): FairRandom {
  let cursor = 0;
  let block = blockAt(0);
  let offset = 0;
  let wordsRead = 0;

  function word(): number {
    if (offset === block.length) {
      block = blockAt(++cursor);
      offset = 0;
    }
    const value =
      ((block[offset]! << 24) | (block[offset + 1]! << 16) | (block[offset + 2]! << 8) | block[offset + 3]!) >>> 0;
    offset += 4;
    wordsRead++;
    return value;
  }

  function below(n: number): number {
    if (!Number.isInteger(n) || n < 1 || n > TWO_32) throw new RangeError(`below(${n}): n must be 1 … 2^32`);
    const limit = TWO_32 - (TWO_32 % n);
    for (;;) {
      const value = word();
      if (value < limit) return value % n;
    }
  }

  function shuffle<T>(items: readonly T[], take = items.length): T[] {
    const deck = [...items];
    const count = Math.min(take, deck.length);
    for (let i = 0; i < count; i++) {
      const j = i + below(deck.length - i);
      [deck[i], deck[j]] = [deck[j]!, deck[i]!];
    }
    return deck.slice(0, count);
  }

  return {
    word,
    below,
    shuffle,
    get wordsRead() {
      return wordsRead;
    },
  };
}
