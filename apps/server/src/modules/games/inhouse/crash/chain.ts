import { randomBytes } from 'node:crypto';
import { previousChainHash } from '@khela/games';
import { keptPerKey } from '../../../../cache/kept-per-key.ts';
import type { Db } from '../../../../db/database.ts';
import type { SecretBox } from '../../../secrets/secret-box.ts';

/** Rounds a chain holds before the next one is made: about three weeks of rounds at one a minute. */
export const CHAIN_LENGTH = 30_000;

/** A chain as this instance holds it: every hash, h[0] (the published head) … h[length]. */
export interface Chain {
  id: bigint;
  merchantId: number;
  salt: string;
  length: number;
  hashes: readonly string[];
}

/** h[length] = seed, h[k − 1] = SHA-256(h[k]): the same step a player checks (packages/games). */
function hashesFrom(seed: string, length: number): string[] {
  const hashes = new Array<string>(length + 1);
  hashes[length] = seed;
  for (let k = length; k > 0; k--) hashes[k - 1] = previousChainHash(hashes[k]!);
  return hashes;
}

/**
 * The crash hash chains (ARCHITECTURE §5, packages/games crash.ts): made with a secret seed,
 * kept sealed in the database, their head and salt published; any instance unseals a chain and
 * computes its hashes once, so any instance can price a cash-out or take over as leader.
 */
export function crashChains(db: Db, secrets: SecretBox, length = CHAIN_LENGTH) {
  const known = keptPerKey<bigint, Chain>();

  async function load(id: bigint, executor: Db): Promise<Chain> {
    const row = await executor.selectFrom('crash_chains').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    const hashes = hashesFrom(secrets.open('crash-chain', row.seed_sealed), row.length);
    if (hashes[0] !== row.head_hash) throw new Error(`crash chain ${id}: its seed does not lead to its head`);
    return { id: row.id, merchantId: row.merchant_id, salt: row.salt, length: row.length, hashes };
  }

  return {
    /**
     * The chain with every hash (computed once per instance). Inside a transaction, pass it: a
     * transaction that waits for a second pooled connection can starve the pool.
     */
    chain(id: bigint, executor: Db = db): Promise<Chain> {
      return known.get(id, () => load(id, executor));
    },

    /** A new chain for the merchant: the seed sealed, the head and salt public from now on. */
    async create(merchantId: number): Promise<Chain> {
      const seed = randomBytes(32).toString('hex');
      const salt = randomBytes(16).toString('hex');
      const hashes = hashesFrom(seed, length);
      const row = await db
        .insertInto('crash_chains')
        .values({
          merchant_id: merchantId,
          seed_sealed: secrets.seal('crash-chain', seed),
          head_hash: hashes[0]!,
          salt,
          length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const chain = { id: row.id, merchantId, salt, length, hashes };
      return known.get(row.id, () => Promise.resolve(chain));
    },
  };
}
export type CrashChains = ReturnType<typeof crashChains>;
