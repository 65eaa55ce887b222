import { sql, type Kysely } from 'kysely';

/**
 * Issue 5 ledger (ARCHITECTURE §4): double entry in integer minor units.
 *
 * - ledger_accounts: member wallets keep a stored balance, changed only together with a posting
 *   and never below zero (a CHECK, so no code path can break it). System accounts (house,
 *   merchant, clearing, vendor) keep no stored balance: a bet posts to them without updating,
 *   and so without locking, any shared row. Their balance is the sum of their postings.
 * - ledger_transactions: one per movement, unique per (merchant, idempotency key); the
 *   fingerprint of its content tells a true replay from a reuse of the key with other data.
 * - ledger_postings: two or more per transaction, summing to zero (checked at commit).
 * Transactions and postings are append-only: UPDATE, DELETE and TRUNCATE are refused by
 * triggers, for the application's role and anyone else's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE ledger_accounts (
      id             bigserial PRIMARY KEY,
      merchant_id    integer NOT NULL REFERENCES merchants(id),
      kind           text NOT NULL CHECK (kind IN (
                       'member_main', 'member_bonus', 'member_game', 'withdrawal_hold',
                       'house', 'merchant', 'deposit_clearing', 'payout_clearing', 'vendor', 'adjustment',
                       -- Play money of free-play (trial) accounts, kept apart from real money (§6).
                       'trial_credit')),
      member_id      integer REFERENCES members(id),
      vendor_code    text,
      currency       text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      tracks_balance boolean NOT NULL,
      balance        bigint NOT NULL DEFAULT 0 CHECK (balance >= 0),
      created_at     timestamptz NOT NULL DEFAULT now(),
      CHECK (tracks_balance OR balance = 0),
      CHECK ((kind IN ('member_main', 'member_bonus', 'member_game', 'withdrawal_hold')) = (member_id IS NOT NULL)),
      CHECK ((kind IN ('member_main', 'member_bonus', 'member_game', 'withdrawal_hold')) = tracks_balance),
      -- A member's game wallet (transfer-wallet vendors) and a vendor's account name the vendor.
      CHECK ((kind IN ('member_game', 'vendor')) = (vendor_code IS NOT NULL))
    );
    CREATE UNIQUE INDEX ledger_accounts_identity
      ON ledger_accounts (merchant_id, kind, coalesce(member_id, 0), coalesce(vendor_code, ''), currency);

    CREATE TABLE ledger_transactions (
      id              bigserial PRIMARY KEY,
      merchant_id     integer NOT NULL REFERENCES merchants(id),
      idempotency_key text NOT NULL CHECK (length(idempotency_key) BETWEEN 1 AND 200),
      kind            text NOT NULL CHECK (length(kind) BETWEEN 1 AND 64),
      fingerprint     bytea NOT NULL,
      reference       jsonb NOT NULL DEFAULT '{}',
      created_at      timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, idempotency_key)
    );

    CREATE TABLE ledger_postings (
      id             bigserial PRIMARY KEY,
      transaction_id bigint NOT NULL REFERENCES ledger_transactions(id),
      account_id     bigint NOT NULL REFERENCES ledger_accounts(id),
      amount         bigint NOT NULL CHECK (amount <> 0),
      -- The account's balance after this posting, for accounts that track one.
      balance_after  bigint CHECK (balance_after >= 0),
      created_at     timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ledger_postings_account ON ledger_postings (account_id, id);
    CREATE INDEX ledger_postings_transaction ON ledger_postings (transaction_id);

    -- Every transaction balances: checked once per transaction row, at commit.
    CREATE FUNCTION ledger_transaction_balances() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      total bigint;
      n integer;
    BEGIN
      SELECT coalesce(sum(amount), 0), count(*) INTO total, n
        FROM ledger_postings WHERE transaction_id = NEW.id;
      IF n < 2 OR total <> 0 THEN
        RAISE EXCEPTION 'ledger transaction % does not balance (% postings, sum %)', NEW.id, n, total
          USING ERRCODE = 'check_violation';
      END IF;
      RETURN NULL;
    END $$;
    CREATE CONSTRAINT TRIGGER ledger_transactions_balance AFTER INSERT ON ledger_transactions
      DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_transaction_balances();

    -- Postings join only a transaction written in the same database transaction, so a committed
    -- (balanced) transaction can never gain a posting later.
    CREATE FUNCTION ledger_posting_joins_open_transaction() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT EXISTS (SELECT 1 FROM ledger_transactions
                      WHERE id = NEW.transaction_id AND xmin::text = (pg_current_xact_id()::text::bigint % 4294967296)::text) THEN
        RAISE EXCEPTION 'ledger transaction % is closed', NEW.transaction_id USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_postings_same_transaction BEFORE INSERT ON ledger_postings
      FOR EACH ROW EXECUTE FUNCTION ledger_posting_joins_open_transaction();

    CREATE TRIGGER ledger_transactions_append_only BEFORE UPDATE OR DELETE ON ledger_transactions
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER ledger_transactions_no_truncate BEFORE TRUNCATE ON ledger_transactions
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER ledger_postings_append_only BEFORE UPDATE OR DELETE ON ledger_postings
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

    -- Accounts are never deleted; of an account only the stored balance may change.
    CREATE FUNCTION ledger_account_only_balance_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF (NEW.id, NEW.merchant_id, NEW.kind, NEW.member_id, NEW.vendor_code, NEW.currency, NEW.tracks_balance, NEW.created_at)
         IS DISTINCT FROM
         (OLD.id, OLD.merchant_id, OLD.kind, OLD.member_id, OLD.vendor_code, OLD.currency, OLD.tracks_balance, OLD.created_at) THEN
        RAISE EXCEPTION 'ledger_accounts: only the balance may change' USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NEW;
    END $$;
    CREATE TRIGGER ledger_accounts_guard BEFORE UPDATE ON ledger_accounts
      FOR EACH ROW EXECUTE FUNCTION ledger_account_only_balance_changes();
    CREATE TRIGGER ledger_accounts_no_delete BEFORE DELETE ON ledger_accounts
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();

    -- The ledger's post (modules/ledger/ledger.ts) as one statement, so a posting costs one round
    -- trip (the wallet benchmark of issue 5). A key already posted with the same fingerprint
    -- returns the first postings, with another fingerprint it raises KL409; accounts are created
    -- on first use; member accounts are updated in id order with a conditional update, and one
    -- that would go below zero raises KL402 (DETAIL: its balance). A raise aborts the caller's
    -- transaction, so nothing of the posting remains.
    CREATE FUNCTION ledger_post(
      p_merchant_id integer, p_currency text, p_key text, p_kind text, p_fingerprint bytea, p_reference jsonb,
      p_kinds text[], p_member_ids integer[], p_vendor_codes text[], p_amounts bigint[]
    ) RETURNS TABLE (transaction_id bigint, replayed boolean, created_at timestamptz,
                     account_id bigint, amount bigint, balance_after bigint)
    LANGUAGE plpgsql AS $$
    DECLARE
      n integer := array_length(p_amounts, 1);
      v_tx bigint;
      v_created timestamptz;
      v_fingerprint bytea;
      v_ids bigint[] := array_fill(NULL::bigint, ARRAY[n]);
      v_tracked boolean[] := array_fill(NULL::boolean, ARRAY[n]);
      v_balances bigint[] := array_fill(NULL::bigint, ARRAY[n]);
      v_id bigint;
      v_track boolean;
      v_balance bigint;
      i integer;
    BEGIN
      INSERT INTO ledger_transactions AS t (merchant_id, idempotency_key, kind, fingerprint, reference)
      VALUES (p_merchant_id, p_key, p_kind, p_fingerprint, p_reference)
      ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
      RETURNING t.id, t.created_at INTO v_tx, v_created;
      IF v_tx IS NULL THEN
        SELECT t.id, t.created_at, t.fingerprint INTO v_tx, v_created, v_fingerprint
          FROM ledger_transactions t WHERE t.merchant_id = p_merchant_id AND t.idempotency_key = p_key;
        IF v_fingerprint IS DISTINCT FROM p_fingerprint THEN
          RAISE EXCEPTION 'ledger key % was posted with other content', p_key USING ERRCODE = 'KL409';
        END IF;
        RETURN QUERY SELECT v_tx, true, v_created, p.account_id, p.amount, p.balance_after
          FROM ledger_postings p WHERE p.transaction_id = v_tx ORDER BY p.id;
        RETURN;
      END IF;

      FOR i IN 1 .. n LOOP
        SELECT a.id, a.tracks_balance INTO v_id, v_track FROM ledger_accounts a
         WHERE a.merchant_id = p_merchant_id AND a.kind = p_kinds[i]
           AND coalesce(a.member_id, 0) = coalesce(p_member_ids[i], 0)
           AND coalesce(a.vendor_code, '') = coalesce(p_vendor_codes[i], '') AND a.currency = p_currency;
        IF v_id IS NULL THEN
          INSERT INTO ledger_accounts (merchant_id, kind, member_id, vendor_code, currency, tracks_balance)
          VALUES (p_merchant_id, p_kinds[i], p_member_ids[i], p_vendor_codes[i], p_currency,
                  p_kinds[i] IN ('member_main', 'member_bonus', 'member_game', 'withdrawal_hold'))
          ON CONFLICT DO NOTHING;
          SELECT a.id, a.tracks_balance INTO v_id, v_track FROM ledger_accounts a
           WHERE a.merchant_id = p_merchant_id AND a.kind = p_kinds[i]
             AND coalesce(a.member_id, 0) = coalesce(p_member_ids[i], 0)
             AND coalesce(a.vendor_code, '') = coalesce(p_vendor_codes[i], '') AND a.currency = p_currency;
        END IF;
        v_ids[i] := v_id;
        v_tracked[i] := v_track;
      END LOOP;

      -- Member accounts in id order, so two postings over the same wallets cannot deadlock.
      FOR i IN SELECT u.o FROM unnest(v_ids) WITH ORDINALITY AS u(id, o) ORDER BY u.id LOOP
        CONTINUE WHEN NOT v_tracked[i];
        UPDATE ledger_accounts a SET balance = a.balance + p_amounts[i]
         WHERE a.id = v_ids[i] AND a.balance + p_amounts[i] >= 0
        RETURNING a.balance INTO v_balance;
        IF NOT FOUND THEN
          SELECT a.balance INTO v_balance FROM ledger_accounts a WHERE a.id = v_ids[i];
          RAISE EXCEPTION 'insufficient funds in ledger account %', v_ids[i]
            USING ERRCODE = 'KL402', DETAIL = v_balance::text;
        END IF;
        v_balances[i] := v_balance;
      END LOOP;

      INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
      SELECT v_tx, v_ids[k], p_amounts[k], v_balances[k] FROM generate_subscripts(p_amounts, 1) AS k ORDER BY k;
      RETURN QUERY SELECT v_tx, false, v_created, v_ids[k], p_amounts[k], v_balances[k]
        FROM generate_subscripts(p_amounts, 1) AS k ORDER BY k;
    END $$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The ledger is append-only; its migration is not reversible');
}
