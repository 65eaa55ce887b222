import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, Crash (ARCHITECTURE §5): rounds shared by all the merchant's players, decided by a
 * published hash chain (packages/games crash.ts).
 * - crash_chains: a chain's secret terminal seed h[N] (sealed, modules/secrets), its published
 *   head h[0] and salt. Round `position` k plays h[k]; SHA-256 of h[k] is h[k − 1].
 * - crash_rounds: one row a round: betting until betting_ends_at, running from started_at, crashed
 *   with its crash point and its hash shown. At most one round per merchant is not crashed, so two
 *   leaders (one losing its lock) can never run two rounds at once.
 * - inhouse_rounds.crash_round_id: a crash bet is an in-house round (stake, win, records), one per
 *   member and crash round.
 * inhouse_round() (0015) learns crash bets: no seed pair and no nonce (the round's hash decides), the
 * crash round named in the bet taking bets (else status betting_closed), its id on the row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE crash_chains (
      id           bigserial PRIMARY KEY,
      merchant_id  integer NOT NULL REFERENCES merchants(id),
      seed_sealed  text NOT NULL,
      head_hash    text NOT NULL CHECK (head_hash ~ '^[0-9a-f]{64}$'),
      salt         text NOT NULL CHECK (length(salt) BETWEEN 1 AND 128),
      length       integer NOT NULL CHECK (length > 0),
      created_at   timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX crash_chains_merchant ON crash_chains (merchant_id, id DESC);

    CREATE TABLE crash_rounds (
      id               bigserial PRIMARY KEY,
      merchant_id      integer NOT NULL REFERENCES merchants(id),
      chain_id         bigint NOT NULL REFERENCES crash_chains(id),
      position         integer NOT NULL CHECK (position >= 1),
      previous_hash    text NOT NULL CHECK (previous_hash ~ '^[0-9a-f]{64}$'),
      state            text NOT NULL DEFAULT 'betting' CHECK (state IN ('betting', 'running', 'crashed')),
      betting_ends_at  timestamptz NOT NULL,
      started_at       timestamptz,
      crashed_at       timestamptz,
      crash_point      integer CHECK (crash_point >= 100),
      hash             text CHECK (hash ~ '^[0-9a-f]{64}$'),
      created_at       timestamptz NOT NULL DEFAULT now(),
      UNIQUE (chain_id, position),
      CHECK ((state = 'betting') = (started_at IS NULL)),
      CHECK ((state = 'crashed') = (crashed_at IS NOT NULL)),
      CHECK ((state = 'crashed') = (crash_point IS NOT NULL)),
      CHECK ((state = 'crashed') = (hash IS NOT NULL))
    );
    CREATE UNIQUE INDEX crash_rounds_live ON crash_rounds (merchant_id) WHERE state <> 'crashed';
    CREATE INDEX crash_rounds_merchant ON crash_rounds (merchant_id, id DESC);

    ALTER TABLE inhouse_rounds ADD COLUMN crash_round_id bigint REFERENCES crash_rounds(id);
    ALTER TABLE inhouse_rounds ADD CHECK ((game = 'crash') = (crash_round_id IS NOT NULL));
    CREATE UNIQUE INDEX inhouse_rounds_crash_bet ON inhouse_rounds (crash_round_id, member_id)
      WHERE crash_round_id IS NOT NULL;

    CREATE OR REPLACE FUNCTION inhouse_round(
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
      v_crash bigint;
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
      -- A crash bet draws nothing from the member's seeds (its round's hash decides): no pair, no nonce.
      IF p_pair_id IS NOT NULL THEN
        UPDATE fair_seed_pairs SET next_nonce = next_nonce + 1
         WHERE id = p_pair_id AND member_id = p_member_id AND revealed_at IS NULL AND next_nonce = p_nonce;
        IF NOT FOUND THEN
          status := 'stale';
          RETURN NEXT;
          RETURN;
        END IF;
      END IF;

      -- A crash bet goes into the round taking bets; the row stays shared-locked to the end, so the
      -- leader cannot start the round (UPDATE … SET state = 'running') before the bet commits.
      IF p_game = 'crash' THEN
        v_crash := (p_bet->>'crashRoundId')::bigint;
        PERFORM 1 FROM crash_rounds c
         WHERE c.id = v_crash AND c.merchant_id = p_merchant_id AND c.state = 'betting' AND c.betting_ends_at > now()
           FOR SHARE;
        IF NOT FOUND THEN
          status := 'betting_closed';
          RETURN NEXT;
          RETURN;
        END IF;
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
                                  balance_before, balance_after, settled_at, crash_round_id)
      VALUES (v_round, p_merchant_id, p_member_id, p_game_id, v_session, p_game, p_request_id,
              p_pair_id, p_nonce, p_currency, p_stake, CASE WHEN p_open THEN NULL ELSE p_payout END,
              CASE WHEN p_open THEN 'open' ELSE 'settled' END, p_bet, p_outcome,
              balance_before, v_balance, CASE WHEN p_open THEN NULL ELSE now() END, v_crash)
      RETURNING inhouse_rounds.created_at INTO created_at;
      status := 'ok';
      round_id := v_round;
      balance_after := v_balance;
      RETURN NEXT;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE inhouse_rounds DROP COLUMN crash_round_id;
    DROP TABLE crash_rounds;
    DROP TABLE crash_chains;
  `.execute(db);
}
