import { sql, type Kysely } from 'kysely';

/**
 * Issue 13 items 3 and 4: agent contracts (dividend, daily, hourly and real-time salary) between an
 * upline and a direct downline, their history, and the payouts settlement makes
 * (modules/agents/contracts, modules/agents/settlement).
 *
 * - agent_contracts: one row per offer. `offerer_id` NULL means the house (the merchant itself,
 *   for top-level agents). States: offered → active | rejected | superseded (a newer offer of the
 *   same kind replaced it); active → termination_requested → terminated (or back to active);
 *   active → superseded (the member accepted new terms of the same kind). At most one pending
 *   offer and one live contract per (member, kind). `terms` is the validated JSON of
 *   @khela/contracts agent-contracts.ts (rates in basis points, bet amounts in minor units).
 *   `settled_through`: every period that ends at or before it has been settled (the catch-up cursor).
 * - agent_contract_history: every change, who made it, the row before and after. Append-only.
 * - agent_contract_payouts: one row per settled (contract, period) — paid, skipped (nothing due)
 *   or held (by an operator, or the payer's wallet could not cover it). The ledger transaction of a
 *   paid period is keyed `agent-contract:<contract>:<period start>`, so a re-run pays nothing more.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE agent_contracts (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants (id),
      kind             text NOT NULL CHECK (kind IN ('dividend', 'daily_salary', 'hourly_salary', 'realtime_salary')),
      offerer_id       integer REFERENCES members (id),
      member_id        integer NOT NULL REFERENCES members (id),
      terms            jsonb NOT NULL CHECK (jsonb_typeof(terms) = 'object'),
      state            text NOT NULL DEFAULT 'offered' CHECK (state IN
                         ('offered', 'active', 'rejected', 'termination_requested', 'terminated', 'superseded')),
      termination_requested_by integer REFERENCES members (id),
      offered_at       timestamptz NOT NULL DEFAULT now(),
      activated_at     timestamptz,
      ended_at         timestamptz,
      settled_through  timestamptz,
      updated_at       timestamptz NOT NULL DEFAULT now(),
      CHECK (offerer_id IS DISTINCT FROM member_id),
      CHECK ((state IN ('active', 'termination_requested')) <= (activated_at IS NOT NULL))
    );
    CREATE UNIQUE INDEX agent_contracts_one_offer ON agent_contracts (member_id, kind) WHERE state = 'offered';
    CREATE UNIQUE INDEX agent_contracts_one_live ON agent_contracts (member_id, kind)
      WHERE state IN ('active', 'termination_requested');
    CREATE INDEX agent_contracts_by_offerer ON agent_contracts (offerer_id, kind, state);
    CREATE INDEX agent_contracts_by_member ON agent_contracts (member_id, state);
    CREATE INDEX agent_contracts_settling ON agent_contracts (merchant_id, kind)
      WHERE activated_at IS NOT NULL AND state IN ('active', 'termination_requested', 'terminated', 'superseded');

    CREATE TABLE agent_contract_history (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants (id),
      contract_id      bigint NOT NULL REFERENCES agent_contracts (id),
      action           text NOT NULL,
      actor            text NOT NULL CHECK (actor IN ('member', 'operator', 'system')),
      actor_member_id  integer REFERENCES members (id),
      actor_operator_id integer,
      before           jsonb,
      after            jsonb,
      note             text,
      created_at       timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX agent_contract_history_by_contract ON agent_contract_history (contract_id, id);
    CREATE FUNCTION agent_contract_history_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'agent_contract_history is append-only';
    END $$;
    CREATE TRIGGER agent_contract_history_append_only BEFORE UPDATE OR DELETE ON agent_contract_history
      FOR EACH ROW EXECUTE FUNCTION agent_contract_history_append_only();

    CREATE TABLE agent_contract_payouts (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants (id),
      contract_id      bigint NOT NULL REFERENCES agent_contracts (id),
      kind             text NOT NULL,
      member_id        integer NOT NULL REFERENCES members (id),
      payer_member_id  integer REFERENCES members (id),
      period_start     timestamptz NOT NULL,
      period_end       timestamptz NOT NULL,
      active_members   integer NOT NULL DEFAULT 0,
      valid_bet        bigint NOT NULL DEFAULT 0,
      profit_loss      bigint NOT NULL DEFAULT 0,
      basis            bigint NOT NULL DEFAULT 0,
      rate_bp          integer NOT NULL DEFAULT 0,
      amount           bigint NOT NULL DEFAULT 0 CHECK (amount >= 0),
      status           text NOT NULL CHECK (status IN ('held', 'paid', 'skipped')),
      held_reason      text CHECK (held_reason IN ('operator', 'insufficient_funds')),
      ledger_transaction_id bigint REFERENCES ledger_transactions (id),
      created_at       timestamptz NOT NULL DEFAULT now(),
      updated_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (contract_id, period_start),
      CHECK (period_end > period_start),
      CHECK ((status = 'paid') = (ledger_transaction_id IS NOT NULL)),
      CHECK ((status = 'held') = (held_reason IS NOT NULL))
    );
    CREATE INDEX agent_contract_payouts_by_member ON agent_contract_payouts (member_id, kind, period_start DESC);
    CREATE INDEX agent_contract_payouts_by_payer ON agent_contract_payouts (payer_member_id, period_start DESC);
    CREATE INDEX agent_contract_payouts_by_merchant ON agent_contract_payouts (merchant_id, period_start DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE agent_contract_payouts;
    DROP TABLE agent_contract_history;
    DROP FUNCTION agent_contract_history_append_only() CASCADE;
    DROP TABLE agent_contracts;
  `.execute(db);
}
