import { sql, type Kysely } from 'kysely';

/**
 * Issue 14 item 2: red envelopes, raffles and the sign-up reward (docs/adr/0017-lucky.md).
 *
 * - ledger_accounts may be of kind `lucky_pool`: a red envelope's money between its funding from the
 *   house (at creation) and its grabs or its return to the house after the window. The kind list is
 *   extended from whatever it holds now, so other migrations' kinds are kept.
 * - red_envelopes: one event; `remaining` is what is left of the pool (never below 0); the server
 *   seed is committed by its hash at creation and revealed once the window closed.
 * - red_envelope_grabs: one per member and event; `seq` orders the grabs.
 * - raffles: one raffle; its tiers of prizes are `prizes` ([{amount, count}] in minor units);
 *   `drawn_at` is set once, by the draw that wrote raffle_entries (the ticket list) and raffle_prizes.
 * - raffle_prizes: one row per prize won; `claimed_at` and its ledger transaction once paid.
 * - signup_reward_settings / signup_reward_requests: the §9 Zalo or WhatsApp id bonus; one request
 *   per member, per messenger id, and per device when the merchant asks for it (device_id is kept
 *   only then, so the unique index enforces it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    DO $$
    DECLARE definition text;
    BEGIN
      SELECT pg_get_constraintdef(c.oid) INTO definition
        FROM pg_constraint c
       WHERE c.conrelid = 'ledger_accounts'::regclass AND c.conname = 'ledger_accounts_kind_check';
      IF definition IS NOT NULL AND position('lucky_pool' IN definition) = 0 THEN
        ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
        EXECUTE 'ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check '
          || replace(definition, 'ARRAY[', 'ARRAY[''lucky_pool''::text, ');
      END IF;
    END $$;

    CREATE TABLE red_envelopes (
      id                 bigserial PRIMARY KEY,
      merchant_id        integer NOT NULL REFERENCES merchants(id),
      title              text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
      starts_at          timestamptz NOT NULL,
      ends_at            timestamptz NOT NULL CHECK (ends_at > starts_at),
      pool               bigint NOT NULL CHECK (pool > 0),
      remaining          bigint NOT NULL CHECK (remaining >= 0 AND remaining <= pool),
      min_grab           bigint NOT NULL CHECK (min_grab > 0),
      max_grab           bigint NOT NULL CHECK (max_grab >= min_grab AND max_grab <= pool),
      turnover_multiple  integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
      min_deposit        bigint CHECK (min_deposit IS NULL OR min_deposit > 0),
      deposit_days       integer CHECK (deposit_days IS NULL OR deposit_days BETWEEN 1 AND 90),
      server_seed        text NOT NULL,
      server_seed_hash   text NOT NULL,
      grabs              integer NOT NULL DEFAULT 0,
      closed_at          timestamptz,
      returned           bigint,
      created_by         integer REFERENCES operators(id),
      created_at         timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX red_envelopes_merchant_window ON red_envelopes (merchant_id, ends_at DESC);
    CREATE INDEX red_envelopes_to_close ON red_envelopes (ends_at) WHERE closed_at IS NULL;

    CREATE TABLE red_envelope_grabs (
      id                    bigserial PRIMARY KEY,
      envelope_id           bigint NOT NULL REFERENCES red_envelopes(id),
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      member_id             integer NOT NULL REFERENCES members(id),
      seq                   integer NOT NULL,
      remaining_before      bigint NOT NULL,
      amount                bigint NOT NULL CHECK (amount > 0),
      ledger_transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (envelope_id, member_id),
      UNIQUE (envelope_id, seq)
    );
    CREATE INDEX red_envelope_grabs_member ON red_envelope_grabs (member_id, id DESC);

    CREATE TABLE raffles (
      id                 bigserial PRIMARY KEY,
      merchant_id        integer NOT NULL REFERENCES merchants(id),
      title              text NOT NULL CHECK (length(title) BETWEEN 1 AND 80),
      starts_at          timestamptz NOT NULL,
      ends_at            timestamptz NOT NULL CHECK (ends_at > starts_at),
      draw_at            timestamptz NOT NULL CHECK (draw_at >= ends_at),
      deposit_per_ticket bigint CHECK (deposit_per_ticket IS NULL OR deposit_per_ticket > 0),
      bet_per_ticket     bigint CHECK (bet_per_ticket IS NULL OR bet_per_ticket > 0),
      prizes             jsonb NOT NULL,
      turnover_multiple  integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
      server_seed        text NOT NULL,
      server_seed_hash   text NOT NULL,
      drawn_at           timestamptz,
      tickets            bigint,
      created_by         integer REFERENCES operators(id),
      created_at         timestamptz NOT NULL DEFAULT now(),
      CHECK (deposit_per_ticket IS NOT NULL OR bet_per_ticket IS NOT NULL)
    );
    CREATE INDEX raffles_merchant ON raffles (merchant_id, draw_at DESC);
    CREATE INDEX raffles_to_draw ON raffles (draw_at) WHERE drawn_at IS NULL;

    CREATE TABLE raffle_entries (
      raffle_id    bigint NOT NULL REFERENCES raffles(id),
      member_id    integer NOT NULL REFERENCES members(id),
      tickets      bigint NOT NULL CHECK (tickets > 0),
      first_ticket bigint NOT NULL,
      PRIMARY KEY (raffle_id, member_id)
    );

    CREATE TABLE raffle_prizes (
      id                    bigserial PRIMARY KEY,
      raffle_id             bigint NOT NULL REFERENCES raffles(id),
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      tier                  integer NOT NULL,
      slot                  integer NOT NULL,
      member_id             integer NOT NULL REFERENCES members(id),
      ticket                bigint NOT NULL,
      amount                bigint NOT NULL CHECK (amount > 0),
      claimed_at            timestamptz,
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      UNIQUE (raffle_id, tier, slot),
      UNIQUE (raffle_id, member_id)
    );
    CREATE INDEX raffle_prizes_member ON raffle_prizes (member_id, raffle_id);

    CREATE TABLE signup_reward_settings (
      merchant_id       integer PRIMARY KEY REFERENCES merchants(id),
      enabled           boolean NOT NULL DEFAULT false,
      amount            bigint NOT NULL CHECK (amount > 0),
      cap               bigint NOT NULL CHECK (cap >= amount),
      turnover_multiple integer NOT NULL DEFAULT 1 CHECK (turnover_multiple BETWEEN 0 AND 100),
      one_per_device    boolean NOT NULL DEFAULT false,
      updated_at        timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE signup_reward_requests (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      member_id             integer NOT NULL UNIQUE REFERENCES members(id),
      messenger             text NOT NULL CHECK (messenger IN ('zalo', 'whatsapp')),
      messenger_id          text NOT NULL,
      device_id             text,
      status                text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
      amount                bigint CHECK (amount IS NULL OR amount > 0),
      reason                text,
      decided_by            integer REFERENCES operators(id),
      decided_at            timestamptz,
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, messenger, messenger_id)
    );
    CREATE UNIQUE INDEX signup_reward_requests_device ON signup_reward_requests (merchant_id, device_id)
      WHERE device_id IS NOT NULL;
    CREATE INDEX signup_reward_requests_queue ON signup_reward_requests (merchant_id, status, id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE signup_reward_requests;
    DROP TABLE signup_reward_settings;
    DROP TABLE raffle_prizes;
    DROP TABLE raffle_entries;
    DROP TABLE raffles;
    DROP TABLE red_envelope_grabs;
    DROP TABLE red_envelopes;
    DO $$
    DECLARE definition text;
    BEGIN
      SELECT pg_get_constraintdef(c.oid) INTO definition
        FROM pg_constraint c
       WHERE c.conrelid = 'ledger_accounts'::regclass AND c.conname = 'ledger_accounts_kind_check';
      IF position('lucky_pool' IN definition) > 0 THEN
        ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_kind_check;
        EXECUTE 'ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_kind_check '
          || replace(definition, '''lucky_pool''::text, ', '');
      END IF;
    END $$;
  `.execute(db);
}
