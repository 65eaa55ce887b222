import { sql } from 'kysely';
import type { DownlineContracts } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';

/** agent_contracts.kind (migration 0020) → the field of a downline's contract summary. */
const KIND_FIELDS: Record<string, keyof DownlineContracts> = {
  dividend: 'dividend',
  daily_salary: 'dailySalary',
  hourly_salary: 'hourSalary',
  realtime_salary: 'realtimeSalary',
};

/**
 * The contract states shown beside each downline, read from agent_contracts (issue 13 item 3):
 * a live contract (active, or termination asked) is `active`, an offer awaiting an answer is
 * `pending`. Members with no live contract or offer are left out: the caller shows them as `none`.
 */
export async function contractStatesOf(db: Db, memberIds: number[]): Promise<Map<number, DownlineContracts>> {
  const states = new Map<number, DownlineContracts>();
  if (!memberIds.length) return states;
  const { rows } = await sql<{ member_id: number; kind: string; state: string }>`
    SELECT member_id, kind, state FROM agent_contracts
    WHERE member_id = ANY(${memberIds}::int[]) AND state IN ('offered', 'active', 'termination_requested')
  `.execute(db);
  for (const row of rows) {
    const field = KIND_FIELDS[row.kind];
    if (!field) continue;
    const entry = states.get(row.member_id) ?? {
      dividend: 'none',
      dailySalary: 'none',
      hourSalary: 'none',
      realtimeSalary: 'none',
    };
    // A live contract outranks a pending offer of new terms.
    if (row.state !== 'offered') entry[field] = 'active';
    else if (entry[field] === 'none') entry[field] = 'pending';
    states.set(row.member_id, entry);
  }
  return states;
}
