import { sql, type Kysely } from 'kysely';

/**
 * Issue 5 cashier (items 3, 4, 8): money moves only through the ledger (0005); these tables hold
 * the business records around it.
 * - cashier_settings: per-merchant withdrawal limits, the §4 receipt auto-confirm minutes and the
 *   adjustment threshold above which a second operator must confirm (a missing row = defaults).
 * - payment_channels: bank transfer, bKash, Nagad, Rocket (manual) and payment gateways, with
 *   their limits and the payee details shown to the member.
 * - uploads: receipt and proof images (png or jpg, §5), bytes kept in PostgreSQL.
 * - deposits, deposit_limits: deposits and the member's own limits (a raise waits 24 hours).
 * - payee_accounts, withdrawals, turnover_requirements: bound accounts, withdrawals with their
 *   §4 receipt state, and the wagering left by bonuses.
 * - adjustments: manual credits and debits by operators (4-eyes above the threshold).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE cashier_settings (
      merchant_id             integer PRIMARY KEY REFERENCES merchants(id),
      withdraw_min            bigint NOT NULL DEFAULT 50000 CHECK (withdraw_min > 0),
      withdraw_max            bigint NOT NULL DEFAULT 2500000 CHECK (withdraw_max >= withdraw_min),
      withdraw_daily_count    integer NOT NULL DEFAULT 5 CHECK (withdraw_daily_count >= 0),
      max_payee_accounts      integer NOT NULL DEFAULT 5 CHECK (max_payee_accounts >= 0),
      receipt_confirm_minutes integer NOT NULL DEFAULT 30 CHECK (receipt_confirm_minutes > 0),
      adjustment_threshold    bigint NOT NULL DEFAULT 1000000 CHECK (adjustment_threshold >= 0)
    );

    CREATE TABLE payment_channels (
      id             serial PRIMARY KEY,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      code           text NOT NULL CHECK (code ~ '^[a-z0-9_-]{1,32}$'),
      method         text NOT NULL CHECK (method IN ('bank', 'bkash', 'nagad', 'rocket', 'gateway')),
      name           jsonb NOT NULL,
      payee          jsonb NOT NULL DEFAULT '{}',
      min_amount     bigint NOT NULL CHECK (min_amount > 0),
      max_amount     bigint NOT NULL,
      enabled        boolean NOT NULL DEFAULT true,
      sort           integer NOT NULL DEFAULT 0,
      -- Gateway channels: which adapter, and the shared secret of its signed callbacks.
      gateway        text,
      gateway_secret text,
      UNIQUE (merchant_id, code),
      CHECK (max_amount >= min_amount),
      CHECK ((method = 'gateway') = (gateway IS NOT NULL AND gateway_secret IS NOT NULL))
    );

    CREATE TABLE deposits (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      channel_id       integer NOT NULL REFERENCES payment_channels(id),
      amount           bigint NOT NULL CHECK (amount > 0),
      currency         text NOT NULL,
      reference_number text,
      request_id       text NOT NULL,
      status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected', 'failed')),
      gateway_order    text UNIQUE,
      reason           text,
      reviewed_by      integer REFERENCES operators(id),
      reviewed_at      timestamptz,
      created_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX deposits_merchant ON deposits (merchant_id, id DESC);
    CREATE INDEX deposits_member_time ON deposits (member_id, created_at);

    CREATE TABLE deposit_limits (
      merchant_id          integer NOT NULL REFERENCES merchants(id),
      member_id            integer NOT NULL REFERENCES members(id),
      period               text NOT NULL CHECK (period IN ('day', 'week', 'month')),
      amount               bigint NOT NULL CHECK (amount > 0),
      pending_amount       bigint CHECK (pending_amount > 0),
      pending_effective_at timestamptz,
      updated_at           timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (member_id, period),
      -- A pending change has its time; a pending NULL amount is a pending removal.
      CHECK (pending_amount IS NULL OR pending_effective_at IS NOT NULL)
    );

    CREATE TABLE payee_accounts (
      id             serial PRIMARY KEY,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      member_id      integer NOT NULL REFERENCES members(id),
      method         text NOT NULL CHECK (method IN ('bank', 'bkash', 'nagad', 'rocket')),
      bank_name      text,
      branch         text,
      account_number text NOT NULL,
      payee_name     text NOT NULL,
      created_at     timestamptz NOT NULL DEFAULT now(),
      removed_at     timestamptz
    );
    CREATE UNIQUE INDEX payee_accounts_live
      ON payee_accounts (member_id, method, account_number) WHERE removed_at IS NULL;

    CREATE TABLE withdrawals (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      member_id        integer NOT NULL REFERENCES members(id),
      payee_account_id integer NOT NULL REFERENCES payee_accounts(id),
      amount           bigint NOT NULL CHECK (amount > 0),
      currency         text NOT NULL,
      request_id       text NOT NULL,
      status           text NOT NULL DEFAULT 'pending'
                         CHECK (status IN ('pending', 'approved', 'paid', 'rejected', 'failed')),
      reason           text,
      reviewed_by      integer REFERENCES operators(id),
      reviewed_at      timestamptz,
      paid_at          timestamptz,
      -- §4 receipt: the member's answer after payment, or 'auto_received' past the deadline.
      confirm_deadline timestamptz,
      receipt          text CHECK (receipt IN ('received', 'not_received', 'full_payment', 'auto_received')),
      receipt_at       timestamptz,
      created_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (member_id, request_id)
    );
    CREATE INDEX withdrawals_merchant ON withdrawals (merchant_id, id DESC);
    CREATE INDEX withdrawals_member_time ON withdrawals (member_id, created_at);
    CREATE INDEX withdrawals_unconfirmed ON withdrawals (confirm_deadline)
      WHERE status = 'paid' AND receipt IS NULL;

    CREATE TABLE uploads (
      id            bigserial PRIMARY KEY,
      merchant_id   integer NOT NULL REFERENCES merchants(id),
      member_id     integer NOT NULL REFERENCES members(id),
      content_type  text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg')),
      size          integer NOT NULL CHECK (size > 0 AND size <= 5242880),
      sha256        bytea NOT NULL,
      bytes         bytea NOT NULL,
      deposit_id    bigint REFERENCES deposits(id),
      withdrawal_id bigint REFERENCES withdrawals(id),
      created_at    timestamptz NOT NULL DEFAULT now(),
      CHECK (deposit_id IS NULL OR withdrawal_id IS NULL)
    );
    CREATE INDEX uploads_member ON uploads (member_id, id);

    CREATE TABLE turnover_requirements (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      member_id   integer NOT NULL REFERENCES members(id),
      source      text NOT NULL,
      amount      bigint NOT NULL CHECK (amount > 0),
      remaining   bigint NOT NULL CHECK (remaining >= 0 AND remaining <= amount),
      created_at  timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX turnover_requirements_open ON turnover_requirements (member_id, id) WHERE remaining > 0;

    CREATE TABLE adjustments (
      id           bigserial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      member_id    integer NOT NULL REFERENCES members(id),
      amount       bigint NOT NULL CHECK (amount <> 0),
      currency     text NOT NULL,
      reason       text NOT NULL,
      request_id   text NOT NULL,
      status       text NOT NULL CHECK (status IN ('pending', 'applied')),
      requested_by integer NOT NULL REFERENCES operators(id),
      confirmed_by integer REFERENCES operators(id),
      created_at   timestamptz NOT NULL DEFAULT now(),
      applied_at   timestamptz,
      UNIQUE (merchant_id, request_id),
      -- Four eyes: whoever confirms is not whoever asked.
      CHECK (confirmed_by IS NULL OR confirmed_by <> requested_by)
    );
    CREATE INDEX adjustments_merchant ON adjustments (merchant_id, id DESC);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE adjustments, turnover_requirements, uploads, withdrawals, payee_accounts,
      deposit_limits, deposits, payment_channels, cashier_settings;
  `.execute(db);
}
