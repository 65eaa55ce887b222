import { MEMBER_TYPES } from '@khela/contracts';
import { runPrepared, type Db } from '../../db/database.ts';

/** A bet as seamless_bets() takes it (migrations/0009_seamless_bet_batches.ts). */
export interface BatchedBet {
  vendorId: number;
  tokenHash: Buffer;
  txId: string;
  requestUuid: string;
  round: string;
  amount: bigint;
  fingerprint: Buffer;
}

/** A seamless call already recorded under a transaction id, as far as answering a repeat needs it. */
export interface RecordedCall {
  kind: string;
  memberId: number;
  fingerprint: Buffer;
  response: unknown;
}

export type BetOutcome =
  | { outcome: 'ok'; memberId: number; username: string; balance: bigint }
  | { outcome: 'not_enough_money'; balance: bigint }
  | { outcome: 'invalid_token' | 'token_expired' | 'user_disabled' }
  | {
      outcome: 'recorded';
      memberId: number;
      /** The row that took the transaction id first; none only if it vanished, which append-only rows cannot. */
      recorded: RecordedCall | null;
    };

interface SeamlessBetsRow {
  ord: number;
  outcome: BetOutcome['outcome'];
  member_id: number | null;
  username: string | null;
  balance: bigint | null;
  recorded_kind: string | null;
  recorded_member_id: number | null;
  recorded_fingerprint: Buffer | null;
  recorded_response: unknown;
}

function toOutcome(row: SeamlessBetsRow): BetOutcome {
  switch (row.outcome) {
    case 'ok':
      return { outcome: 'ok', memberId: row.member_id!, username: row.username!, balance: row.balance! };
    case 'not_enough_money':
      return { outcome: 'not_enough_money', balance: row.balance! };
    case 'recorded':
      return {
        outcome: 'recorded',
        memberId: row.member_id!,
        recorded:
          row.recorded_kind === null
            ? null
            : {
                kind: row.recorded_kind,
                memberId: row.recorded_member_id!,
                fingerprint: row.recorded_fingerprint!,
                response: row.recorded_response,
              },
      };
    default:
      return { outcome: row.outcome };
  }
}

const SEAMLESS_BETS = {
  name: 'seamless_bets',
  text: `SELECT * FROM seamless_bets($1::integer[], $2::bytea[], $3::text[], $4::text[], $5::text[], $6::bigint[],
                                   $7::bytea[], $8::integer)`,
};

/** One statement and one commit for a batch of bets; each bet's outcome, in the order given. */
async function writeBatch(db: Db, bets: BatchedBet[]): Promise<BetOutcome[]> {
  const rows = await runPrepared<SeamlessBetsRow>(db, SEAMLESS_BETS, [
    bets.map((b) => b.vendorId),
    bets.map((b) => b.tokenHash),
    bets.map((b) => b.txId),
    bets.map((b) => b.requestUuid),
    bets.map((b) => b.round),
    bets.map((b) => b.amount.toString()),
    bets.map((b) => b.fingerprint),
    MEMBER_TYPES.TRIAL,
  ]);
  const outcomes = new Array<BetOutcome>(bets.length);
  for (const row of rows) outcomes[row.ord - 1] = toOutcome(row);
  if (rows.length !== bets.length) throw new Error(`seamless_bets answered ${rows.length} of ${bets.length} bets`);
  return outcomes;
}

interface Waiting {
  bet: BatchedBet;
  resolve: (outcome: BetOutcome) => void;
  reject: (error: unknown) => void;
}

export interface BetBatchOptions {
  /**
   * 32 keeps a batch's subtransactions within the 64 ids a PostgreSQL backend caches; past them
   * every snapshot in the server gets slower.
   */
  maxBatch?: number;
  /**
   * One batch at a time makes the largest batches; a second leaves once `laneThreshold` bets are
   * waiting, so a batch stuck on a row lock, or a load the first lane cannot keep up with, still
   * has one moving. 4 measured best (bench:wallet: about 20 % more bets/s than 16 with 8 clients,
   * as many with 32; always two lanes, or 2, were slower).
   */
  maxInFlight?: number;
  laneThreshold?: number;
  /** Told each batch's size as it leaves (the seamless_bet_batch_size metric). */
  onBatch?: (size: number) => void;
}

/**
 * Group commit for seamless bets (ADR 0007). A bet is written at once when no batch is being
 * written; otherwise it waits for the next batch, which leaves as soon as the one in flight
 * commits (or at once, in a second lane, when many are waiting). So an idle wallet adds no
 * delay, and a busy one pays one statement, one commit and one round trip per batch instead of
 * per bet. Every bet is answered only after its batch committed.
 *
 * A batch fails as a whole only for what is nobody's bet in particular (a deadlock with a
 * concurrent batch holding a duplicate id, a lost connection): its bets are then written one by
 * one, and being idempotent, a bet that had in fact committed is answered as recorded.
 */
export function betBatches(
  db: Db,
  { maxBatch = 32, maxInFlight = 2, laneThreshold = 4, onBatch }: BetBatchOptions = {},
) {
  const waiting: Waiting[] = [];
  let inFlight = 0;

  function writeOf(bets: BatchedBet[]) {
    onBatch?.(bets.length);
    return writeBatch(db, bets);
  }

  async function write(batch: Waiting[]) {
    try {
      const outcomes = await writeOf(batch.map((w) => w.bet));
      batch.forEach((w, i) => w.resolve(outcomes[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      await Promise.all(
        batch.map((w) =>
          writeOf([w.bet]).then(
            ([outcome]) => w.resolve(outcome!),
            (singleError: unknown) => w.reject(singleError),
          ),
        ),
      );
    }
  }

  function pump() {
    while (inFlight === 0 ? waiting.length > 0 : inFlight < maxInFlight && waiting.length >= laneThreshold) {
      inFlight++;
      void write(waiting.splice(0, maxBatch)).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    /** Resolves once the bet's batch has committed (or was refused). */
    bet(bet: BatchedBet): Promise<BetOutcome> {
      return new Promise((resolve, reject) => {
        waiting.push({ bet, resolve, reject });
        pump();
      });
    },
  };
}
export type BetBatches = ReturnType<typeof betBatches>;
