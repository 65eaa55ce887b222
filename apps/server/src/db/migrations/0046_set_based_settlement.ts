import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 Performance (settling 100 000 bets ≤ 30 s): a settlement batch's money and records
 * written set-based, a few statements a batch instead of several a bet.
 *
 * - ledger_post_many: the ledger's postMany (modules/ledger/ledger.ts) as one function with the
 *   rules of ledger_post (migration 0005): keys inserted in one statement (a key posted before
 *   with the same fingerprint is a replay that writes nothing, with another KL409), accounts
 *   created on first use, each member account locked once in id order and updated once by the
 *   batch's sum, refused with KL402 when any running balance in request order would go below zero
 *   (DETAIL: its balance before that posting), the postings inserted in one statement. ledger_post
 *   ran ten statements a transaction, and a member's balance row got a new version per posting.
 * - agent_stats_seamless: per statement over its rows (a settlement batch inserts 2 000 records at
 *   once): one grouped upsert per summary table instead of a function call and three upserts a
 *   row, with the same rules as migration 0019's row trigger (as vendor_stats_seamless does, 0044).
 */

/** ledger_post_many as this migration made it: also what 0052's down() restores. */
export const ledgerPostManyOf0046 = sql`
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

      IF true = ANY (v_fresh) THEN
        INSERT INTO ledger_accounts (merchant_id, kind, member_id, vendor_code, currency, tracks_balance)
        SELECT DISTINCT r.merchant_id, x.kind, x.member_id, x.vendor_code, r.currency,
               x.kind IN ('member_main', 'member_bonus', 'member_game', 'withdrawal_hold')
          FROM unnest(p_requests, p_account_kinds, p_member_ids, p_vendor_codes) AS x(q, kind, member_id, vendor_code)
          JOIN unnest(p_merchant_ids, p_currencies, v_fresh) WITH ORDINALITY AS r(merchant_id, currency, fresh, q)
            ON r.q = x.q AND r.fresh
         WHERE NOT EXISTS (SELECT 1 FROM ledger_accounts a
                            WHERE a.merchant_id = r.merchant_id AND a.kind = x.kind
                              AND coalesce(a.member_id, 0) = coalesce(x.member_id, 0)
                              AND coalesce(a.vendor_code, '') = coalesce(x.vendor_code, '') AND a.currency = r.currency)
        ON CONFLICT DO NOTHING;
      END IF;

      -- Each posting's account (0 for a replayed request's: nothing of it is written).
      SELECT array_agg(coalesce(a.id, 0) ORDER BY x.k), array_agg(coalesce(a.tracks_balance, false) ORDER BY x.k)
        INTO v_accounts, v_tracked
        FROM unnest(p_requests, p_account_kinds, p_member_ids, p_vendor_codes)
             WITH ORDINALITY AS x(q, kind, member_id, vendor_code, k)
        JOIN unnest(p_merchant_ids, p_currencies, v_fresh) WITH ORDINALITY AS r(merchant_id, currency, fresh, q) ON r.q = x.q
        LEFT JOIN ledger_accounts a
          ON r.fresh AND a.merchant_id = r.merchant_id AND a.kind = x.kind
         AND coalesce(a.member_id, 0) = coalesce(x.member_id, 0)
         AND coalesce(a.vendor_code, '') = coalesce(x.vendor_code, '') AND a.currency = r.currency;

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
`;

export async function up(db: Kysely<unknown>): Promise<void> {
  await ledgerPostManyOf0046.execute(db);
  await sql`
    -- Migration 0019's rules per statement: a bet counts its stake (and the member's active day when
    -- it is above zero), a win its payout, a rollback takes the stake back; rows of our own games
    -- (INHOUSE) are counted from inhouse_rounds when the round settles. The product type is looked
    -- up once per vendor, member and session of the statement, not once a row.
    CREATE FUNCTION agent_stats_seamless_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      WITH n AS MATERIALIZED (
        SELECT r.merchant_id, r.member_id, r.vendor_id, r.game_session_id, r.created_at AS at,
               CASE r.kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END AS bets,
               CASE r.kind WHEN 'bet' THEN r.amount WHEN 'rollback' THEN -r.amount ELSE 0 END AS valid,
               CASE r.kind WHEN 'win' THEN r.amount ELSE 0 END AS payout
          FROM new_rows r
         WHERE r.kind = 'bet' OR (r.kind IN ('win', 'rollback') AND r.amount <> 0)
      ), products AS MATERIALIZED (
        SELECT d.vendor_id, d.member_id, d.session, agent_stats_product_type(d.vendor_id, d.member_id, d.game_session_id) AS product
          FROM (SELECT DISTINCT vendor_id, member_id, game_session_id, coalesce(game_session_id, 0) AS session FROM n) d
      ), e AS MATERIALIZED (
        SELECT n.merchant_id, n.member_id, p.product, n.at, n.bets, n.valid, n.payout,
               (n.at AT TIME ZONE coalesce(m.time_zone, 'Asia/Dhaka'))::date AS day
          FROM n
          JOIN products p ON p.vendor_id = n.vendor_id AND p.member_id = n.member_id AND p.session = coalesce(n.game_session_id, 0)
          LEFT JOIN merchants m ON m.id = n.merchant_id
         WHERE p.product <> 'INHOUSE'
      ), daily AS (
        INSERT INTO member_daily_stats AS s (merchant_id, member_id, day, product_type, bet_count, valid_bet,
                                             payout, profit_loss, first_bet_at, last_bet_at)
        SELECT merchant_id, member_id, day, product, sum(bets), sum(valid), sum(payout), sum(payout) - sum(valid),
               min(at) FILTER (WHERE bets > 0), max(at) FILTER (WHERE bets > 0)
          FROM e GROUP BY merchant_id, member_id, day, product ORDER BY member_id, day, product
        ON CONFLICT (member_id, day, product_type) DO UPDATE
          SET bet_count = s.bet_count + EXCLUDED.bet_count,
              valid_bet = s.valid_bet + EXCLUDED.valid_bet,
              payout = s.payout + EXCLUDED.payout,
              profit_loss = s.profit_loss + EXCLUDED.profit_loss,
              first_bet_at = least(s.first_bet_at, EXCLUDED.first_bet_at),
              last_bet_at = greatest(s.last_bet_at, EXCLUDED.last_bet_at)
      ), active AS (
        INSERT INTO member_active_days (merchant_id, member_id, day)
        SELECT DISTINCT merchant_id, member_id, day FROM e WHERE valid > 0 ORDER BY member_id, day
        ON CONFLICT DO NOTHING
      )
      INSERT INTO member_hourly_stats AS s (merchant_id, member_id, hour, product_type, bet_count, valid_bet,
                                            payout, profit_loss)
      SELECT merchant_id, member_id, date_trunc('hour', at, 'UTC'), product, sum(bets), sum(valid), sum(payout),
             sum(payout) - sum(valid)
        FROM e GROUP BY merchant_id, member_id, date_trunc('hour', at, 'UTC'), product ORDER BY member_id, 3, product
      ON CONFLICT (member_id, hour, product_type) DO UPDATE
        SET bet_count = s.bet_count + EXCLUDED.bet_count,
            valid_bet = s.valid_bet + EXCLUDED.valid_bet,
            payout = s.payout + EXCLUDED.payout,
            profit_loss = s.profit_loss + EXCLUDED.profit_loss;
      RETURN NULL;
    END $$;
    DROP TRIGGER agent_stats_seamless ON seamless_transactions;
    CREATE TRIGGER agent_stats_seamless AFTER INSERT ON seamless_transactions
      REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION agent_stats_seamless_rows();
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TRIGGER agent_stats_seamless ON seamless_transactions;
    CREATE TRIGGER agent_stats_seamless AFTER INSERT ON seamless_transactions
      FOR EACH ROW EXECUTE FUNCTION agent_stats_seamless();
    DROP FUNCTION agent_stats_seamless_rows, ledger_post_many;
  `.execute(db);
}
