import { sql, type Kysely } from 'kysely';

/**
 * §2 "items depend on contract settings": one white-label switch per kind of agent contract the
 * merchant runs (CONTRACT_KIND_SWITCHES, under AGENTPOLICY3). Every merchant starts running all
 * four, so nothing an agent has today disappears; an operator turns a kind off under /admin.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    INSERT INTO whitelabel_switches (merchant_id, mod_id, enabled)
    SELECT m.id, k.mod_id, true
    FROM merchants m
    CROSS JOIN (VALUES ('AGENTDIVIDEND3'), ('AGENTDAILYSAL3'), ('AGENTHOURSAL3'), ('AGENTREALTIMESAL3')) AS k(mod_id)
    ON CONFLICT DO NOTHING;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DELETE FROM whitelabel_switches
    WHERE mod_id IN ('AGENTDIVIDEND3', 'AGENTDAILYSAL3', 'AGENTHOURSAL3', 'AGENTREALTIMESAL3');
  `.execute(db);
}
