import { sql, type Kysely } from 'kysely';
import { ledgerPostManyOf0046 } from './0046_set_based_settlement.ts';

/**
 * Issue 15 Performance: ledger_post_many (migration 0046) ran its account-creating insert on every
 * batch with a new transaction — a join, a DISTINCT and a probe of the identity index a posting,
 * to insert nothing once the accounts exist (a quarter of its time in a batch of sports slips,
 * pg_stat_statements). Now it looks the accounts up first and inserts only the missing ones
 * (ON CONFLICT DO NOTHING against a concurrent first use), then looks again. The rules are 0046's.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION ledger_post_many(
      p_merchant_ids integer[], p_currencies text[], p_keys text[], p_kinds text[], p_fingerprints bytea[],
      p_references jsonb[],
      -- One element a posting: the (1-based) request it belongs to, its account and amount.
      p_requests integer[], p_account_kinds text[], p_member_ids integer[], p_vendor_codes text[], p_amounts bigint[]
    ) RETURNS TABLE (transaction_id bigint) LANGUAGE plpgsql AS $$
    DECLARE
      v_inserted bigint[];
      v_tx bigint[];
      v_fresh boolean[];
      v_reused text;
      v_accounts bigint[];
      v_tracked boolean[];
      v_balances bigint[];
      v_short record;
    BEGIN
      -- A key twice in the batch is inserted once (its first request); the later one replays it.
      WITH r AS (
        SELECT u.*, row_number() OVER (PARTITION BY u.merchant_id, u.key ORDER BY u.ord) AS nth
          FROM unnest(p_merchant_ids, p_keys, p_kinds, p_fingerprints, p_references)
               WITH ORDINALITY AS u(merchant_id, key, kind, fingerprint, reference, ord)
      ), inserted AS (
        INSERT INTO ledger_transactions AS t (merchant_id, idempotency_key, kind, fingerprint, reference)
        SELECT r.merchant_id, r.key, r.kind, r.fingerprint, r.reference FROM r WHERE r.nth = 1 ORDER BY r.ord
        ON CONFLICT (merchant_id, idempotency_key) DO NOTHING
        RETURNING t.id
      )
      SELECT coalesce(array_agg(id), '{}') INTO v_inserted FROM inserted;

      -- A new statement: it sees this batch's keys and those another transaction committed meanwhile.
      SELECT array_agg(t.id ORDER BY u.ord),
             array_agg(t.id = ANY (v_inserted) AND u.nth = 1 ORDER BY u.ord),
             min(u.key) FILTER (WHERE t.fingerprint IS DISTINCT FROM u.fingerprint)
        INTO v_tx, v_fresh, v_reused
        FROM (SELECT x.*, row_number() OVER (PARTITION BY x.merchant_id, x.key ORDER BY x.ord) AS nth
                FROM unnest(p_merchant_ids, p_keys, p_fingerprints) WITH ORDINALITY AS x(merchant_id, key, fingerprint, ord)) u
        LEFT JOIN ledger_transactions t ON t.merchant_id = u.merchant_id AND t.idempotency_key = u.key;
      IF v_reused IS NOT NULL THEN
        RAISE EXCEPTION 'ledger key % was posted with other content', v_reused USING ERRCODE = 'KL409';
      END IF;

      -- Each posting's account (0 for a replayed request's: nothing of it is written). Accounts used
      -- for the first time are created, then looked up again: most batches only look.
      FOR v_pass IN 1 .. 2 LOOP
        SELECT array_agg(coalesce(a.id, 0) ORDER BY x.k), array_agg(coalesce(a.tracks_balance, false) ORDER BY x.k)
          INTO v_accounts, v_tracked
          FROM unnest(p_requests, p_account_kinds, p_member_ids, p_vendor_codes)
               WITH ORDINALITY AS x(q, kind, member_id, vendor_code, k)
          JOIN unnest(p_merchant_ids, p_currencies, v_fresh) WITH ORDINALITY AS r(merchant_id, currency, fresh, q) ON r.q = x.q
          LEFT JOIN ledger_accounts a
            ON r.fresh AND a.merchant_id = r.merchant_id AND a.kind = x.kind
           AND coalesce(a.member_id, 0) = coalesce(x.member_id, 0)
           AND coalesce(a.vendor_code, '') = coalesce(x.vendor_code, '') AND a.currency = r.currency;
        EXIT WHEN v_pass = 2
               OR NOT EXISTS (SELECT 1 FROM unnest(p_requests, v_accounts) AS x(q, id) WHERE x.id = 0 AND v_fresh[x.q]);
        INSERT INTO ledger_accounts (merchant_id, kind, member_id, vendor_code, currency, tracks_balance)
        SELECT DISTINCT r.merchant_id, x.kind, x.member_id, x.vendor_code, r.currency,
               x.kind IN ('member_main', 'member_bonus', 'member_game', 'withdrawal_hold')
          FROM unnest(p_requests, p_account_kinds, p_member_ids, p_vendor_codes, v_accounts) AS x(q, kind, member_id, vendor_code, id)
          JOIN unnest(p_merchant_ids, p_currencies, v_fresh) WITH ORDINALITY AS r(merchant_id, currency, fresh, q)
            ON r.q = x.q AND r.fresh
         WHERE x.id = 0
        ON CONFLICT DO NOTHING;
      END LOOP;

      -- Member accounts locked in id order (two batches over the same wallets cannot deadlock), then
      -- each updated once; a running balance below zero anywhere refuses the batch.
      PERFORM 1 FROM ledger_accounts a
        WHERE a.id IN (SELECT x.id FROM unnest(v_accounts, v_tracked) AS x(id, tracked) WHERE x.tracked)
        ORDER BY a.id FOR NO KEY UPDATE;
      SELECT m.account_id, m.running - m.amount AS moved, m.amount INTO v_short
        FROM (SELECT x.account_id, x.amount,
                     sum(x.amount) OVER (PARTITION BY x.account_id ORDER BY x.k) AS running
                FROM unnest(v_accounts, v_tracked, p_amounts) WITH ORDINALITY AS x(account_id, tracked, amount, k)
               WHERE x.tracked) m
        JOIN ledger_accounts a ON a.id = m.account_id
       WHERE a.balance + m.running < 0
       ORDER BY m.account_id
       LIMIT 1;
      IF FOUND THEN
        RAISE EXCEPTION 'insufficient funds in ledger account %', v_short.account_id
          USING ERRCODE = 'KL402',
                DETAIL = ((SELECT a.balance FROM ledger_accounts a WHERE a.id = v_short.account_id) + v_short.moved)::text;
      END IF;
      WITH moves AS (
        SELECT x.account_id, x.amount, x.k, sum(x.amount) OVER (PARTITION BY x.account_id ORDER BY x.k) AS running
          FROM unnest(v_accounts, v_tracked, p_amounts) WITH ORDINALITY AS x(account_id, tracked, amount, k)
         WHERE x.tracked
      ), updated AS (
        UPDATE ledger_accounts a SET balance = a.balance + s.total
          FROM (SELECT account_id, sum(amount) AS total FROM moves GROUP BY account_id) s
         WHERE a.id = s.account_id
        RETURNING a.id, a.balance - s.total AS before
      )
      SELECT array_agg(u.before + m.running ORDER BY k.k) INTO v_balances
        FROM generate_subscripts(p_amounts, 1) AS k(k)
        LEFT JOIN moves m ON m.k = k.k
        LEFT JOIN updated u ON u.id = m.account_id;

      INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
      SELECT r.tx, x.account_id, x.amount, x.balance
        FROM unnest(p_requests, v_accounts, p_amounts, v_balances) WITH ORDINALITY AS x(q, account_id, amount, balance, k)
        JOIN unnest(v_tx, v_fresh) WITH ORDINALITY AS r(tx, fresh, q) ON r.q = x.q
       WHERE r.fresh
       ORDER BY x.k;

      RETURN QUERY SELECT u.id FROM unnest(v_tx) WITH ORDINALITY AS u(id, ord) ORDER BY u.ord;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await ledgerPostManyOf0046.execute(db);
}
