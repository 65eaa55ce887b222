import { sql, type Kysely } from 'kysely';

/**
 * Issue 5, the seamless bet as a batch (ADR 0007): the bets that arrive while others are being
 * written go to PostgreSQL together, one statement and one commit for all of them, each bet in a
 * subtransaction of its own so that one refusal never touches another.
 *
 * - the rule that postings join only an open transaction learns subtransactions, and stands in
 *   for the foreign key on transaction_id;
 * - seamless_bets(): the whole bet for each element (game session, guards, ledger posting, the
 *   bet's record), in member order so that concurrent batches lock wallets in one order;
 * - ledger_postings_account (account_id, id) goes: ledger_postings_account_time (0008) serves
 *   every read by account, and each posting was paying for both;
 * - seamless_assert_recorded() goes with the one-bet statement it served.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Postings join only a ledger transaction written in the same database transaction, now
    -- including its subtransactions (seamless bets are batched, a subtransaction a bet), so a
    -- committed, balanced transaction can never gain a posting. A row is visible to a statement
    -- when it was committed before the statement began or written by this very transaction tree,
    -- and of those only this tree's are still in progress; subtransaction ids come after their top
    -- transaction's (on the 32-bit circle), so no earlier id can be ours. Finding the row also
    -- proves the transaction exists, so the foreign key on transaction_id (a second look-up of the
    -- same row for every posting) goes.
    CREATE OR REPLACE FUNCTION ledger_posting_joins_open_transaction() RETURNS trigger LANGUAGE plpgsql AS $fn$
    DECLARE
      v_xmin bigint;
      v_top bigint;
      v_top_low bigint;
      v_mine boolean := false;
    BEGIN
      SELECT t.xmin::text::bigint INTO v_xmin FROM ledger_transactions t WHERE t.id = NEW.transaction_id;
      IF v_xmin IS NOT NULL THEN
        v_top := pg_current_xact_id()::text::bigint;
        v_top_low := v_top % 4294967296;
        IF v_xmin = v_top_low THEN
          v_mine := true;
        ELSIF (v_xmin - v_top_low + 4294967296) % 4294967296 < 2147483648 THEN
          v_mine := pg_xact_status((v_top - v_top_low + v_xmin
                                    + CASE WHEN v_xmin < v_top_low THEN 4294967296 ELSE 0 END)::text::xid8) = 'in progress';
        END IF;
      END IF;
      IF NOT v_mine THEN
        RAISE EXCEPTION 'ledger transaction % is closed', NEW.transaction_id USING ERRCODE = 'insufficient_privilege';
      END IF;
      RETURN NEW;
    END $fn$;
    ALTER TABLE ledger_postings DROP CONSTRAINT ledger_postings_transaction_id_fkey;

    DROP INDEX ledger_postings_account;
    DROP FUNCTION seamless_assert_recorded(boolean);

    -- One row per bet, in the order given. outcome: ok | invalid_token | token_expired |
    -- user_disabled | not_enough_money (balance = the wallet's) | recorded (the id was taken
    -- first: by this bet, a replay; by a rollback's tombstone; by other data; recorded_* say which).
    CREATE FUNCTION seamless_bets(
      p_vendor_ids integer[], p_token_hashes bytea[], p_tx_ids text[], p_request_uuids text[], p_rounds text[],
      p_amounts bigint[], p_fingerprints bytea[], p_trial_type integer
    ) RETURNS TABLE (ord integer, outcome text, member_id integer, username text, balance bigint,
                     recorded_kind text, recorded_member_id integer, recorded_fingerprint bytea, recorded_response jsonb)
    LANGUAGE plpgsql
    -- Every statement it runs (its own, ledger_post's, the foreign-key checks) looks rows up by key:
    -- planning each again for its parameters costs more than it could ever save.
    SET plan_cache_mode = force_generic_plan
    AS $$
    DECLARE
      r record;
      i integer;
      v_replayed boolean;
      v_balance bigint;
      v_tx bigint;
      v_detail text;
    BEGIN
      -- Each bet's rows by index, whatever the statistics say: LIMIT keeps every LATERAL a nested loop.
      FOR r IN
        SELECT b.ord::integer AS ord, v.id AS vendor_id, v.merchant_id, v.code, v.currency,
               g.member_id, g.merchant_id AS session_merchant_id, g.expired, g.username, g.type, g.status,
               EXISTS (SELECT 1 FROM member_protections p
                        WHERE p.member_id = g.member_id AND p.starts_at <= now() AND p.ends_at > now()) AS protected
          FROM unnest(p_vendor_ids, p_token_hashes) WITH ORDINALITY AS b(vendor_id, token_hash, ord)
          LEFT JOIN LATERAL (SELECT * FROM vendors v WHERE v.id = b.vendor_id LIMIT 1) v ON true
          LEFT JOIN LATERAL (
            SELECT s.member_id, s.merchant_id, s.expires_at <= now() AS expired, m.username, m.type, m.status
              FROM game_sessions s JOIN members m ON m.id = s.member_id
             WHERE s.token_hash = b.token_hash AND s.vendor_id = b.vendor_id
             LIMIT 1) g ON true
         ORDER BY g.member_id NULLS FIRST, b.ord
      LOOP
        i := r.ord;
        ord := i;
        member_id := r.member_id;
        username := r.username;
        balance := NULL;
        recorded_kind := NULL;
        recorded_member_id := NULL;
        recorded_fingerprint := NULL;
        recorded_response := NULL;
        -- §5: bets need a live game session of this vendor's merchant, an active member who is not
        -- on trial (§6) and no self-exclusion or cooling-off in force (issue 4 item 10).
        IF r.member_id IS NULL OR r.vendor_id IS NULL OR r.session_merchant_id <> r.merchant_id THEN
          outcome := 'invalid_token';
        ELSIF r.expired THEN
          outcome := 'token_expired';
        ELSIF r.status <> 'active' OR r.type = p_trial_type OR r.protected THEN
          outcome := 'user_disabled';
        ELSE
          BEGIN
            SELECT lp.replayed, lp.balance_after, lp.transaction_id INTO v_replayed, v_balance, v_tx
              FROM ledger_post(r.merchant_id, r.currency, 'seamless:' || r.code || ':' || p_tx_ids[i], 'seamless.bet',
                               sha256(p_fingerprints[i] || int4send(r.member_id)),
                               jsonb_build_object('vendor', r.code, 'transaction', p_tx_ids[i]),
                               ARRAY['member_main', 'vendor'], ARRAY[r.member_id, NULL]::integer[],
                               ARRAY[NULL, r.code]::text[], ARRAY[-p_amounts[i], p_amounts[i]]) lp
             WHERE lp.balance_after IS NOT NULL;
            IF v_replayed THEN
              outcome := 'recorded';
            ELSE
              INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                                 fingerprint, response, ledger_transaction_id)
              VALUES (r.merchant_id, r.vendor_id, p_tx_ids[i], 'bet', r.member_id, p_rounds[i], p_amounts[i],
                      p_fingerprints[i],
                      jsonb_build_object('status', 'RS_OK', 'request_uuid', p_request_uuids[i], 'user', r.username,
                                         'currency', r.currency,
                                         'balance', (v_balance / 100)::text || '.' || lpad((v_balance % 100)::text, 2, '0'),
                                         'transaction_uuid', p_tx_ids[i]),
                      v_tx)
              ON CONFLICT DO NOTHING;
              -- The id was taken first (a rollback's tombstone, other data): undo this bet's posting.
              IF NOT FOUND THEN
                RAISE EXCEPTION 'seamless transaction id already taken' USING ERRCODE = 'KL410';
              END IF;
              outcome := 'ok';
              balance := v_balance;
            END IF;
          EXCEPTION
            WHEN SQLSTATE 'KL402' THEN
              GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
              outcome := 'not_enough_money';
              balance := v_detail::bigint;
            WHEN SQLSTATE 'KL409' OR SQLSTATE 'KL410' THEN
              outcome := 'recorded';
          END;
          IF outcome = 'recorded' THEN
            SELECT s.kind, s.member_id, s.fingerprint, s.response
              INTO recorded_kind, recorded_member_id, recorded_fingerprint, recorded_response
              FROM seamless_transactions s
             WHERE s.merchant_id = r.merchant_id AND s.vendor_id = r.vendor_id AND s.vendor_tx_id = p_tx_ids[i];
          END IF;
        END IF;
        RETURN NEXT;
      END LOOP;
    END $$;
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The ledger is append-only; its migrations are not reversible');
}
