import { sql, type Kysely } from 'kysely';

/**
 * The four contract-kind switches (0024) take the names endpoints.md §5 gives them: the switch of
 * each kind's reference call — SIGNCONDIV3 (MCS2_processDividendReq), DAILYSALCONT3
 * (MCS2_processDailySalContract), HOURSAL3 (MCS2_processContractHourSalary) and RTSALARY3
 * (MCSFE_processRealTimeSalaryContract). Each merchant keeps its setting.
 */
const RENAMES: [from: string, to: string][] = [
  ['AGENTDIVIDEND3', 'SIGNCONDIV3'],
  ['AGENTDAILYSAL3', 'DAILYSALCONT3'],
  ['AGENTHOURSAL3', 'HOURSAL3'],
  ['AGENTREALTIMESAL3', 'RTSALARY3'],
];

async function rename(db: Kysely<unknown>, pairs: [string, string][]) {
  for (const [from, to] of pairs) {
    await sql`UPDATE whitelabel_switches SET mod_id = ${to} WHERE mod_id = ${from}`.execute(db);
  }
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await rename(db, RENAMES);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await rename(
    db,
    RENAMES.map(([from, to]) => [to, from]),
  );
}
