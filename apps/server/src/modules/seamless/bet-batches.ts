import { MEMBER_TYPES } from '@khela/contracts';
import { runPrepared, type Db } from '../../db/database.ts';
import { groupCommit, type GroupCommitOptions } from '../../db/group-commit.ts';

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

/**
 * Group commit for seamless bets (db/group-commit.ts, ADR 0007): one seamless_bets() statement and
 * one commit for the bets in flight. A bet that had in fact committed in a batch that failed as a
 * whole is answered as recorded when written again alone.
 */
export function betBatches(db: Db, options: GroupCommitOptions = {}) {
  const add = groupCommit((bets: BatchedBet[]) => writeBatch(db, bets), options);
  return {
    /** Resolves once the bet's batch has committed (or was refused). */
    bet: add,
  };
}
export type BetBatches = ReturnType<typeof betBatches>;
