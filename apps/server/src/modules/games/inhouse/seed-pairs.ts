import { randomBytes } from 'node:crypto';
import { sql, type Selectable } from 'kysely';
import { hashServerSeed } from '@khela/games';
import type { Db } from '../../../db/database.ts';
import type { FairSeedPairsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';

type SeedPairRow = Selectable<FairSeedPairsTable>;

/** The seeds a round is drawn from, with the pair they came from. */
export interface RoundSeeds {
  seedPairId: bigint;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

const newServerSeed = () => randomBytes(32).toString('hex');
/** A client seed until the player sets one: random, so two players' first rounds differ. */
const newClientSeed = () => randomBytes(8).toString('hex');

/**
 * Provably fair seed pairs (issue 12 item 3, ARCHITECTURE §5): the server commits to
 * SHA-256(serverSeed) before any bet on it; the player's client seed and a nonce per round make
 * each round's bytes; rotating reveals the server seed, so every round played on it can be
 * verified. A pair is rotated only when no multi-step round (mines) is open on it: its server seed
 * would tell where the mines are.
 */
export function seedPairs(db: Db) {
  async function inUse(executor: Db, memberId: number): Promise<SeedPairRow | undefined> {
    return executor
      .selectFrom('fair_seed_pairs')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('revealed_at', 'is', null)
      .executeTakeFirst();
  }

  async function create(executor: Db, member: MemberContext, clientSeed = newClientSeed()) {
    const serverSeed = newServerSeed();
    return executor
      .insertInto('fair_seed_pairs')
      .values({
        merchant_id: member.merchantId,
        member_id: member.id,
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        client_seed: clientSeed,
      })
      .onConflict((oc) => oc.column('member_id').where('revealed_at', 'is', null).doNothing())
      .returningAll()
      .executeTakeFirst();
  }

  async function current(member: MemberContext): Promise<SeedPairRow> {
    const found = await inUse(db, member.id);
    if (found) return found;
    return (await create(db, member)) ?? (await inUse(db, member.id))!;
  }

  async function lastRevealed(memberId: number) {
    return db
      .selectFrom('fair_seed_pairs')
      .selectAll()
      .where('member_id', '=', memberId)
      .where('revealed_at', 'is not', null)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
  }

  async function fairness(member: MemberContext) {
    const [pair, previous] = await Promise.all([current(member), lastRevealed(member.id)]);
    return {
      current: {
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        nonce: pair.next_nonce,
        createdAt: pair.created_at.toISOString(),
      },
      previous: previous
        ? {
            serverSeed: previous.server_seed,
            serverSeedHash: previous.server_seed_hash,
            clientSeed: previous.client_seed,
            nonce: previous.next_nonce,
            revealedAt: previous.revealed_at!.toISOString(),
          }
        : null,
    };
  }

  return {
    fairness,
    current,

    /**
     * Takes the next nonce of the member's pair inside the round's transaction (the pair's row is
     * locked until it commits, so a member's rounds take nonces one after another, none twice).
     */
    async take(trx: Db, member: MemberContext): Promise<RoundSeeds> {
      for (let attempt = 0; attempt < 2; attempt++) {
        const taken = await trx
          .updateTable('fair_seed_pairs')
          .set({ next_nonce: sql<number>`next_nonce + 1` })
          .where('member_id', '=', member.id)
          .where('revealed_at', 'is', null)
          .returning(['id', 'server_seed', 'client_seed', sql<number>`next_nonce - 1`.as('nonce')])
          .executeTakeFirst();
        if (taken) {
          return {
            seedPairId: taken.id,
            serverSeed: taken.server_seed,
            clientSeed: taken.client_seed,
            nonce: taken.nonce,
          };
        }
        await create(trx, member);
      }
      throw new Error(`no seed pair for member ${member.id}`);
    },

    /** Reveals the pair in use and starts the next one, unless a mines round is still open on it. */
    async rotate(member: MemberContext, clientSeed: string) {
      await db.transaction().execute(async (trx) => {
        const pair = await trx
          .selectFrom('fair_seed_pairs')
          .select('id')
          .where('member_id', '=', member.id)
          .where('revealed_at', 'is', null)
          .forUpdate()
          .executeTakeFirst();
        if (pair) {
          const open = await trx
            .selectFrom('inhouse_rounds')
            .select('id')
            .where('seed_pair_id', '=', pair.id)
            .where('state', '=', 'open')
            .limit(1)
            .executeTakeFirst();
          if (open) throw new AppError('inhouse.round_open', { roundId: open.id.toString() });
          await trx
            .updateTable('fair_seed_pairs')
            .set({ revealed_at: sql<Date>`now()` })
            .where('id', '=', pair.id)
            .execute();
        }
        await create(trx, member, clientSeed);
      });
      return fairness(member);
    },

    /** The seeds of rounds played on these pairs: the server seed only once revealed. */
    async seedsOf(pairIds: readonly bigint[]) {
      if (pairIds.length === 0) return new Map<string, SeedPairRow>();
      const rows = await db
        .selectFrom('fair_seed_pairs')
        .selectAll()
        .where('id', 'in', [...new Set(pairIds)])
        .execute();
      return new Map(rows.map((row) => [row.id.toString(), row]));
    },
  };
}
export type SeedPairs = ReturnType<typeof seedPairs>;
