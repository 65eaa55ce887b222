import type { StoredTerms } from '@khela/contracts';
import type { Db } from '../db/database.ts';
import { memberRepository } from '../modules/members/repository.ts';
import { DEMO_AGENT } from './accounts.ts';
import { DEMO_SUB_AGENT } from './agent-team.ts';

const DAY_MS = 86_400_000;

/** The house's contracts with agent01 (issue 13 item 8): daily salary and a weekly dividend. */
export const DEMO_AGENT_DAILY_SALARY: StoredTerms = {
  tiers: [
    { activeMembers: 0, validBet: '0', rateBp: 50 },
    { activeMembers: 3, validBet: '100000', rateBp: 100 },
  ],
};
export const DEMO_AGENT_DIVIDEND: StoredTerms = {
  period: 'Weekly',
  tiers: [
    { activeMembers: 1, validBet: '0', rateBp: 1_000 },
    { activeMembers: 3, validBet: '500000', rateBp: 2_000 },
  ],
};

/**
 * Demo-only (issue 13 item 8): agent01 holds an active daily-salary and dividend contract from the
 * house (since before its team's history starts, so the settlement worker's first pass pays the
 * past weeks), and has offered agent02 a daily salary (active) and a dividend (pending: agent02
 * sees the contract popup on log-in).
 */
export async function seedAgentContracts(db: Db, merchantId: number): Promise<void> {
  const members = memberRepository(db);
  const agent01 = await members.byUsername(merchantId, DEMO_AGENT.username);
  const agent02 = await members.byUsername(merchantId, DEMO_SUB_AGENT.username);
  if (!agent01) return;
  const activatedAt = new Date(Date.now() - 40 * DAY_MS);
  const rows: {
    kind: 'daily_salary' | 'dividend';
    offerer_id: number | null;
    member_id: number;
    terms: StoredTerms;
    active: boolean;
  }[] = [
    { kind: 'daily_salary', offerer_id: null, member_id: agent01.id, terms: DEMO_AGENT_DAILY_SALARY, active: true },
    { kind: 'dividend', offerer_id: null, member_id: agent01.id, terms: DEMO_AGENT_DIVIDEND, active: true },
  ];
  if (agent02) {
    rows.push(
      {
        kind: 'daily_salary',
        offerer_id: agent01.id,
        member_id: agent02.id,
        terms: { tiers: [{ activeMembers: 0, validBet: '0', rateBp: 30 }] },
        active: true,
      },
      {
        kind: 'dividend',
        offerer_id: agent01.id,
        member_id: agent02.id,
        terms: { period: 'Weekly', tiers: [{ activeMembers: 1, validBet: '0', rateBp: 500 }] },
        active: false,
      },
    );
  }
  for (const row of rows) {
    const inserted = await db
      .insertInto('agent_contracts')
      .values({
        merchant_id: merchantId,
        kind: row.kind,
        offerer_id: row.offerer_id,
        member_id: row.member_id,
        terms: JSON.stringify(row.terms),
        state: row.active ? 'active' : 'offered',
        offered_at: activatedAt,
        activated_at: row.active ? activatedAt : null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await db
      .insertInto('agent_contract_history')
      .values({
        merchant_id: merchantId,
        contract_id: inserted.id,
        action: row.active ? 'accepted' : 'offered',
        actor: 'system',
        after: JSON.stringify({ state: row.active ? 'active' : 'offered', terms: row.terms }),
        note: 'demo seed',
      })
      .execute();
  }
}
