import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, a round of our games as one statement (ADR 0011): inhouse_round() does in one call what
 * a round needs once the engine has drawn it from the seeds the server holds for the member — the
 * member's guards, the request's replay, the nonce (taken only if it is still the one drawn with),
 * one open round at a time where asked, the game session, the stake, the win, their seamless
 * records and the round's row. Refusals come back as a status and write nothing; a wallet that
 * cannot pay raises ledger_post's KL402 and the statement writes nothing either.
 *
 * status: ok | replay (round_id: the request's round, same bet) | reused (same request, another bet)
 *       | stale (the pair moved on: drawn again with fresh seeds) | round_open (round_id: the open one)
 *       | guard (not active, on trial or protected: the caller says which).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX game_sessions_member_game ON game_sessions (member_id, vendor_id, game_id, id DESC);

    CREATE FUNCTION inhouse_round(
      p_merchant_id integer, p_member_id integer, p_game_id integer, p_game text,
      p_integration_id integer, p_integration_code text, p_currency text,
      p_request_id text, p_stake bigint, p_bet jsonb,
      p_pair_id bigint, p_nonce integer,
      p_outcome jsonb, p_payout bigint, p_open boolean, p_one_open boolean, p_trial_type integer
    ) RETURNS TABLE (status text, round_id bigint, balance_before bigint, balance_after bigint, created_at timestamptz)
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
    DECLARE
      v_earlier record;
      v_member record;
      v_session bigint;
      v_round bigint;
      v_tx bigint;
      v_balance bigint;
      v_key text;
    BEGIN
      SELECT r.id, r.game, r.stake, r.bet INTO v_earlier FROM inhouse_rounds r
       WHERE r.member_id = p_member_id AND r.request_id = p_request_id;
      IF FOUND THEN
        status := CASE WHEN v_earlier.game = p_game AND v_earlier.stake = p_stake AND v_earlier.bet = p_bet
                       THEN 'replay' ELSE 'reused' END;
        round_id := v_earlier.id;
        RETURN NEXT;
        RETURN;
      END IF;

      SELECT m.status, m.type,
             EXISTS (SELECT 1 FROM member_protections p
                      WHERE p.member_id = m.id AND p.starts_at <= now() AND p.ends_at > now()) AS protected
        INTO v_member FROM members m WHERE m.id = p_member_id AND m.merchant_id = p_merchant_id;
      IF NOT FOUND OR v_member.status <> 'active' OR v_member.type = p_trial_type OR v_member.protected THEN
        status := 'guard';
        RETURN NEXT;
        RETURN;
      END IF;

      -- The nonce the outcome was drawn with, still the pair's next one: taken, and the pair's row
      -- stays locked to the end, so the member's rounds are decided one after another.
      UPDATE fair_seed_pairs SET next_nonce = next_nonce + 1
       WHERE id = p_pair_id AND member_id = p_member_id AND revealed_at IS NULL AND next_nonce = p_nonce;
      IF NOT FOUND THEN
        status := 'stale';
        RETURN NEXT;
        RETURN;
      END IF;

      IF p_one_open THEN
        SELECT r.id INTO v_round FROM inhouse_rounds r
         WHERE r.member_id = p_member_id AND r.game = p_game AND r.state = 'open' LIMIT 1;
        IF FOUND THEN
          RAISE EXCEPTION 'an open round' USING ERRCODE = 'KL423', DETAIL = v_round::text;
        END IF;
      END IF;

      SELECT s.id INTO v_session FROM game_sessions s
       WHERE s.member_id = p_member_id AND s.vendor_id = p_integration_id AND s.game_id = p_game_id
         AND s.expires_at > now()
       ORDER BY s.id DESC LIMIT 1;
      IF NOT FOUND THEN
        -- Our own pages need no token: the row is the game's session for records and the winner board.
        INSERT INTO game_sessions (merchant_id, vendor_id, member_id, token_hash, game_id, expires_at)
        VALUES (p_merchant_id, p_integration_id, p_member_id,
                sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')),
                p_game_id, now() + interval '12 hours')
        RETURNING id INTO v_session;
      END IF;

      v_round := nextval('inhouse_rounds_id_seq');
      v_key := 'inhouse:' || v_round || ':stake';
      SELECT lp.transaction_id, lp.balance_after INTO v_tx, v_balance
        FROM ledger_post(p_merchant_id, p_currency, v_key, 'seamless.bet',
                         sha256(convert_to(v_key || ':' || p_stake, 'UTF8')),
                         jsonb_build_object('round', v_round::text),
                         ARRAY['member_main', 'vendor'], ARRAY[p_member_id, NULL]::integer[],
                         ARRAY[NULL, p_integration_code]::text[], ARRAY[-p_stake, p_stake]) lp
       WHERE lp.balance_after IS NOT NULL;
      balance_before := v_balance + p_stake;
      INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                         fingerprint, response, ledger_transaction_id)
      VALUES (p_merchant_id, p_integration_id, v_round || ':bet', 'bet', p_member_id, v_round::text, p_stake,
              sha256(convert_to(v_key, 'UTF8')), '{}', v_tx);

      IF NOT p_open THEN
        v_tx := NULL;
        IF p_payout > 0 THEN
          v_key := 'inhouse:' || v_round || ':win';
          SELECT lp.transaction_id, lp.balance_after INTO v_tx, v_balance
            FROM ledger_post(p_merchant_id, p_currency, v_key, 'seamless.win',
                             sha256(convert_to(v_key || ':' || p_payout, 'UTF8')),
                             jsonb_build_object('round', v_round::text),
                             ARRAY['member_main', 'vendor'], ARRAY[p_member_id, NULL]::integer[],
                             ARRAY[NULL, p_integration_code]::text[], ARRAY[p_payout, -p_payout]) lp
           WHERE lp.balance_after IS NOT NULL;
        END IF;
        INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                           reference_tx_id, fingerprint, response, ledger_transaction_id, game_session_id)
        VALUES (p_merchant_id, p_integration_id, v_round || ':win', 'win', p_member_id, v_round::text, p_payout,
                v_round || ':bet', sha256(convert_to('inhouse:' || v_round || ':win:' || p_payout, 'UTF8')), '{}',
                v_tx, v_session);
      END IF;

      INSERT INTO inhouse_rounds (id, merchant_id, member_id, game_id, game_session_id, game, request_id,
                                  seed_pair_id, nonce, currency, stake, payout, state, bet, outcome,
                                  balance_before, balance_after, settled_at)
      VALUES (v_round, p_merchant_id, p_member_id, p_game_id, v_session, p_game, p_request_id,
              p_pair_id, p_nonce, p_currency, p_stake, CASE WHEN p_open THEN NULL ELSE p_payout END,
              CASE WHEN p_open THEN 'open' ELSE 'settled' END, p_bet, p_outcome,
              balance_before, v_balance, CASE WHEN p_open THEN NULL ELSE now() END)
      RETURNING inhouse_rounds.created_at INTO created_at;
      status := 'ok';
      round_id := v_round;
      balance_after := v_balance;
      RETURN NEXT;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION inhouse_round; DROP INDEX game_sessions_member_game;`.execute(db);
}
