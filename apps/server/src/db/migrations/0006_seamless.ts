import { sql, type Kysely } from 'kysely';

/**
 * Issue 5 item 5, the seamless wallet for game vendors (ARCHITECTURE §5):
 * - vendors: one row per vendor and merchant; the code (in the request path) is unique, so it
 *   names the merchant too. The HMAC secret is kept as is: the server must compute the
 *   signature of every request, so a hash would not do.
 * - game_sessions: the token a vendor sends back to name the player (issued at game launch),
 *   stored as its SHA-256 only; bets need a live one, wins and rollbacks do not.
 * - seamless_transactions: every accepted vendor call that moves (or could move) money, unique
 *   per (merchant, vendor, vendor transaction id), with the request's fingerprint and the answer
 *   we gave (a true replay gets it again). A rollback of a bet we never saw leaves a
 *   'tombstone' under the bet's id, so the late bet collides with it and is refused.
 *   Append-only, like the ledger it points into.
 * - ledger_post(): the ledger's `post` (modules/ledger/ledger.ts) as one statement, so a posting
 *   costs one round trip instead of five (the wallet benchmark of issue 5). Same rules: a key
 *   already posted with the same fingerprint returns the first postings; with another one it
 *   raises KL409; accounts are created on first use; member accounts are updated in id order
 *   with a conditional update, and one that would go below zero raises KL402 (DETAIL: its
 *   balance). A raise aborts the caller's transaction, so nothing of the posting remains.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendors (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      code        text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
      name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      secret      text NOT NULL CHECK (length(secret) >= 32),
      currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE game_sessions (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      vendor_id   integer NOT NULL REFERENCES vendors(id),
      member_id   integer NOT NULL REFERENCES members(id),
      token_hash  bytea NOT NULL UNIQUE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL
    );
    CREATE INDEX game_sessions_member ON game_sessions (member_id, vendor_id);

    CREATE TABLE seamless_transactions (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      vendor_id             integer NOT NULL REFERENCES vendors(id),
      vendor_tx_id          text NOT NULL CHECK (length(vendor_tx_id) BETWEEN 1 AND 64),
      kind                  text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
      member_id             integer NOT NULL REFERENCES members(id),
      round_id              text NOT NULL,
      amount                bigint NOT NULL CHECK (amount >= 0),
      -- win and rollback: the bet they settle or reverse; tombstone: the rollback that left it.
      reference_tx_id       text,
      fingerprint           bytea NOT NULL,
      response              jsonb NOT NULL,
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, vendor_id, vendor_tx_id),
      CHECK ((kind = 'bet') = (reference_tx_id IS NULL))
    );
    -- A bet is reversed at most once, whatever transaction ids its rollbacks carry.
    CREATE UNIQUE INDEX seamless_transactions_one_rollback
      ON seamless_transactions (merchant_id, vendor_id, reference_tx_id) WHERE kind = 'rollback';
    CREATE INDEX seamless_transactions_wins
      ON seamless_transactions (merchant_id, vendor_id, reference_tx_id) WHERE kind = 'win';

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

    -- The seamless bet is one statement (ledger_post and the bet's record): when its id was taken
    -- first (a tombstone, other data), this aborts it, ledger posting included.
    CREATE FUNCTION seamless_assert_recorded(recorded boolean) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT recorded THEN
        RAISE EXCEPTION 'seamless transaction id already taken' USING ERRCODE = 'KL410';
      END IF;
      RETURN true;
    END $$;

    CREATE TRIGGER seamless_transactions_append_only BEFORE UPDATE OR DELETE ON seamless_transactions
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER seamless_transactions_no_truncate BEFORE TRUNCATE ON seamless_transactions
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('seamless_transactions is append-only; its migration is not reversible');
}
