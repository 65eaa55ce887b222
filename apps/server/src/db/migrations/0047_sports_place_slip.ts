import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 Performance, a slip placed in one statement (ADR 0024 addendum, as inhouse_round() for
 * our games, ADR 0011). sports_place_slip() does in one call what slips.ts did in nine round trips —
 * the member's play guard (status and breaks in force), the shared advisory locks of the legs' events
 * and markets (book.ts's keys: a result, a suspension or an odds change waits for slips in flight),
 * the legs read once after them, in the order sent, into arrays (a statement of their own, so they
 * see all that committed before), the slip's rules (§ of ADR 0024: one leg per event, bettable
 * events, open markets, the odds-change policy, the tightest stake limits), the member's session of
 * the book's game (made once, born expired, as ownBookSession), the stake (`sports:<slip>:stake`,
 * seamless.bet), the slip and its legs (their ids taken from the sequence beforehand, so the
 * answer's legs are built once).
 *
 * sports_place_slips() places the slips in flight on an instance in one statement and one commit
 * (group commit, ADR 0007), each in its own subtransaction, in member order; the batch's legs come as
 * flat arrays (selection, odds sent) with each slip's leg count. The seamless records of its placed
 * slips are inserted in ONE statement after the loop, so the statistics triggers on
 * seamless_transactions (statement-level, with transition tables) fire once a batch, not once a slip;
 * a record commits with its slip (should that insert fail, the batch fails and the server writes the
 * slips again one at a time).
 *
 * Refusals write nothing and come back as a status with their detail, for slips.ts to word:
 *   guard {status, selfExcludedUntil, coolingOffUntil} | selection_not_found | same_event |
 *   betting_closed {eventId, status} | market_suspended {marketId, status} | odds_changed {legs:
 *   [{selectionId, odds}]} | stake_below_minimum {minStake} | stake_above_maximum {maxStake} | error
 *   (a subtransaction that raised: a wallet that cannot pay is ledger_post's KL402, a requestId
 *   placed before the slip's unique violation — there is no look for the earlier slip before placing,
 *   an index probe a slip for a rare retry: slips.ts answers the earlier slip on that and on any
 *   refusal). Placed: ok with the slip's id, created_at, the balance after, its odds and potential
 *   return, its legs (in the order sent) as JSON, and the ledger transaction and session its
 *   seamless record names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sports_place_slip(
      p_merchant_id integer, p_member_id integer, p_request_id text, p_terms text, p_currency text,
      p_stake bigint, p_selection_ids bigint[], p_sent_odds integer[], p_odds_policy text,
      p_integration_id integer, p_integration_code text, p_sports_game_id integer, p_esports_game_id integer
    ) RETURNS TABLE (status text, detail jsonb, slip_id bigint, created_at timestamptz, odds bigint,
                   potential_return bigint, balance bigint, legs jsonb,
                   ledger_transaction_id bigint, game_session_id bigint)
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
    DECLARE
      v_guard record;
      v_row record;
      v_count integer := 0;
      v_events bigint[] := '{}';
      v_same_event boolean := false;
      v_fault text;
      v_fault_detail jsonb;
      v_fault_event bigint;
      v_fault_market bigint;
      v_moved boolean := false;
      v_leg_ids bigint[] := '{}';
      v_markets bigint[] := '{}';
      v_codes text[] := '{}';
      v_lines integer[] := '{}';
      v_odds integer[] := '{}';
      v_answers jsonb[] := '{}';
      v_min bigint := 0;
      v_max bigint;
      v_product numeric := 1;
      v_esports boolean := true;
      v_game integer;
      v_slip bigint;
      v_key text;
    BEGIN
      SELECT (SELECT m.status FROM members m WHERE m.id = p_member_id) AS status,
             max(p.ends_at) FILTER (WHERE p.kind = 'self_exclusion') AS self_excluded_until,
             max(p.ends_at) FILTER (WHERE p.kind = 'cooling_off') AS cooling_off_until
        INTO v_guard
        FROM member_protections p
       WHERE p.member_id = p_member_id AND p.starts_at <= now() AND p.ends_at > now();
      IF v_guard.status IS DISTINCT FROM 'active' OR v_guard.self_excluded_until IS NOT NULL
         OR v_guard.cooling_off_until IS NOT NULL THEN
        status := 'guard';
        detail := jsonb_build_object('status', v_guard.status, 'selfExcludedUntil', v_guard.self_excluded_until,
                                     'coolingOffUntil', v_guard.cooling_off_until);
        RETURN NEXT;
        RETURN;
      END IF;

      PERFORM pg_advisory_xact_lock_shared(hashtext('sports_event'), (t.event_id % 2147483647)::int),
              pg_advisory_xact_lock_shared(hashtext('sports_market'), (t.market_id % 2147483647)::int)
         FROM (SELECT s.event_id, s.market_id FROM sports_selections s WHERE s.id = ANY(p_selection_ids)
                ORDER BY s.event_id, s.market_id OFFSET 0) t;

      -- The legs in the order sent (read after the locks: they see all that committed before). The
      -- rules' refusals name the first leg in event order, as 0047 did.
      FOR v_row IN
        SELECT s.id, s.code, s.odds, s.event_id, s.market_id, m.line, m.type, m.status AS market_status,
               m.min_stake, m.max_stake, e.status AS event_status, e.home, e.away, e.starts_at,
               e.home_score, e.away_score, sp.kind, sp.code AS sport_code, l.sent
          FROM unnest(p_selection_ids, p_sent_odds) WITH ORDINALITY AS l(selection_id, sent, ord)
          JOIN sports_selections s ON s.id = l.selection_id
          JOIN sports_markets m ON m.id = s.market_id
          JOIN sports_events e ON e.id = s.event_id
          JOIN sports_sports sp ON sp.id = e.sport_id
         WHERE e.merchant_id = p_merchant_id
         ORDER BY l.ord
      LOOP
        v_count := v_count + 1;
        v_same_event := v_same_event OR v_row.event_id = ANY(v_events);
        v_events := v_events || v_row.event_id;
        IF (v_row.event_status NOT IN ('scheduled', 'live') OR v_row.market_status <> 'open')
           AND (v_fault IS NULL OR (v_row.event_id, v_row.market_id) < (v_fault_event, v_fault_market)) THEN
          v_fault_event := v_row.event_id;
          v_fault_market := v_row.market_id;
          IF v_row.event_status NOT IN ('scheduled', 'live') THEN
            v_fault := 'betting_closed';
            v_fault_detail := jsonb_build_object('eventId', v_row.event_id, 'status', v_row.event_status);
          ELSE
            v_fault := 'market_suspended';
            v_fault_detail := jsonb_build_object('marketId', v_row.market_id, 'status', v_row.market_status);
          END IF;
        END IF;
        v_min := greatest(v_min, v_row.min_stake);
        v_max := least(coalesce(v_max, v_row.max_stake), v_row.max_stake);
        v_product := v_product * v_row.odds;
        v_esports := v_esports AND v_row.kind = 'ESPORTS';
        v_moved := v_moved OR CASE p_odds_policy WHEN 'ask' THEN v_row.odds <> v_row.sent
                                                 WHEN 'higher' THEN v_row.odds < v_row.sent
                                                 ELSE false END;
        v_leg_ids := v_leg_ids || nextval('sports_slip_legs_id_seq'::regclass);
        v_markets := v_markets || v_row.market_id;
        v_codes := v_codes || v_row.code;
        v_lines := v_lines || v_row.line;
        v_odds := v_odds || v_row.odds;
        v_answers := v_answers || jsonb_build_object(
          'leg_id', v_leg_ids[v_count], 'id', v_row.id, 'code', v_row.code, 'odds', v_row.odds,
          'event_id', v_row.event_id, 'market_id', v_row.market_id, 'line', v_row.line, 'type', v_row.type,
          'event_status', v_row.event_status, 'home', v_row.home, 'away', v_row.away, 'starts_at', v_row.starts_at,
          'home_score', v_row.home_score, 'away_score', v_row.away_score, 'sport_code', v_row.sport_code);
      END LOOP;
      IF v_count <> array_length(p_selection_ids, 1) THEN
        status := 'selection_not_found';
        RETURN NEXT;
        RETURN;
      END IF;
      IF v_same_event THEN
        status := 'same_event';
        RETURN NEXT;
        RETURN;
      END IF;
      IF v_fault IS NOT NULL THEN
        status := v_fault;
        detail := v_fault_detail;
        RETURN NEXT;
        RETURN;
      END IF;
      IF v_moved THEN
        status := 'odds_changed';
        detail := jsonb_build_object('legs', (SELECT jsonb_agg(jsonb_build_object('selectionId', l.id, 'odds', l.odds)
                                                               ORDER BY l.ord)
                                                FROM unnest(p_selection_ids, v_odds) WITH ORDINALITY AS l(id, odds, ord)));
        RETURN NEXT;
        RETURN;
      END IF;
      IF p_stake < v_min THEN
        status := 'stake_below_minimum';
        detail := jsonb_build_object('minStake', v_min::text);
        RETURN NEXT;
        RETURN;
      END IF;
      IF p_stake > v_max THEN
        status := 'stake_above_maximum';
        detail := jsonb_build_object('maxStake', v_max::text);
        RETURN NEXT;
        RETURN;
      END IF;

      -- settle-rules.ts combinedOdds and returnAt: the product of the legs' odds, rounded down to 0.01.
      odds := trunc(v_product / (100::numeric ^ (v_count - 1)))::bigint;
      v_game := CASE WHEN v_esports THEN p_esports_game_id ELSE p_sports_game_id END;
      SELECT s.id INTO game_session_id FROM game_sessions s
       WHERE s.member_id = p_member_id AND s.vendor_id = p_integration_id AND s.game_id = v_game
       ORDER BY s.id DESC LIMIT 1;
      IF NOT FOUND THEN
        INSERT INTO game_sessions (merchant_id, vendor_id, member_id, token_hash, game_id, expires_at)
        VALUES (p_merchant_id, p_integration_id, p_member_id,
                sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), v_game, now())
        RETURNING id INTO game_session_id;
      END IF;

      v_slip := nextval('sports_slips_id_seq'::regclass);
      v_key := 'sports:' || v_slip || ':stake';
      SELECT lp.transaction_id, lp.balance_after INTO ledger_transaction_id, balance
        FROM ledger_post(p_merchant_id, p_currency, v_key, 'seamless.bet',
                         sha256(convert_to(v_key || ':' || p_stake, 'UTF8')),
                         jsonb_build_object('sportsSlip', v_slip::text),
                         ARRAY['member_main', 'vendor'], ARRAY[p_member_id, NULL]::integer[],
                         ARRAY[NULL, p_integration_code]::text[], ARRAY[-p_stake, p_stake]) lp
       WHERE lp.balance_after IS NOT NULL;

      INSERT INTO sports_slips (id, merchant_id, member_id, request_id, terms, currency, game_session_id, kind,
                                stake, odds, potential_return)
      VALUES (v_slip, p_merchant_id, p_member_id, p_request_id, p_terms, p_currency, game_session_id,
              CASE WHEN v_count = 1 THEN 'single' ELSE 'multiple' END, p_stake, odds, p_stake * odds / 100)
      RETURNING sports_slips.created_at, sports_slips.potential_return INTO created_at, potential_return;
      INSERT INTO sports_slip_legs (id, slip_id, event_id, market_id, selection_id, code, line, odds)
      SELECT l.id, v_slip, l.event_id, l.market_id, l.selection_id, l.code, l.line, l.odds
        FROM unnest(v_leg_ids, v_events, v_markets, p_selection_ids, v_codes, v_lines, v_odds)
               AS l(id, event_id, market_id, selection_id, code, line, odds);
      legs := to_jsonb(v_answers);
      status := 'ok';
      slip_id := v_slip;
      RETURN NEXT;
    END $$;

    -- The slips in flight on an instance in one statement and one commit (group commit, ADR 0007,
    -- as inhouse_rounds()): each through sports_place_slip() in its own subtransaction, so a wallet
    -- that cannot pay (KL402) or a requestId taken meanwhile (23505) is that slip's answer alone
    -- (status 'error' with the code, detail and constraint); then the placed slips' seamless records
    -- in one insert (the statistics triggers fire once a batch). p_leg_counts: each slip's number of
    -- legs, whose selections and odds sent follow one another in p_leg_selection_ids and p_leg_sent_odds.
    CREATE FUNCTION sports_place_slips(
      p_merchant_id integer[], p_member_id integer[], p_request_id text[], p_terms text[], p_currency text[],
      p_stake bigint[], p_leg_counts integer[], p_leg_selection_ids bigint[], p_leg_sent_odds integer[],
      p_odds_policy text[], p_integration_id integer[], p_integration_code text[], p_sports_game_id integer[],
      p_esports_game_id integer[]
    ) RETURNS TABLE (ord integer, status text, detail jsonb, slip_id bigint, created_at timestamptz, odds bigint,
                     potential_return bigint, balance bigint, legs jsonb,
                     error_code text, error_detail text, error_constraint text)
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
    DECLARE
      v_row record;
      v_from integer := 1;
      v_placed integer[] := '{}';
      v_slips bigint[] := '{}';
      v_txs bigint[] := '{}';
      v_sessions bigint[] := '{}';
    BEGIN
      FOR i IN 1 .. coalesce(array_length(p_member_id, 1), 0) LOOP
        ord := i;
        error_code := NULL; error_detail := NULL; error_constraint := NULL;
        BEGIN
          SELECT * INTO v_row FROM sports_place_slip(
            p_merchant_id[i], p_member_id[i], p_request_id[i], p_terms[i], p_currency[i], p_stake[i],
            p_leg_selection_ids[v_from : v_from + p_leg_counts[i] - 1],
            p_leg_sent_odds[v_from : v_from + p_leg_counts[i] - 1],
            p_odds_policy[i], p_integration_id[i], p_integration_code[i], p_sports_game_id[i], p_esports_game_id[i]);
          status := v_row.status; detail := v_row.detail; slip_id := v_row.slip_id; created_at := v_row.created_at;
          odds := v_row.odds; potential_return := v_row.potential_return; balance := v_row.balance;
          legs := v_row.legs;
        EXCEPTION WHEN SQLSTATE 'KL402' OR unique_violation THEN
          GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_detail = PG_EXCEPTION_DETAIL,
                                  error_constraint = CONSTRAINT_NAME;
          status := 'error'; detail := NULL; slip_id := NULL; created_at := NULL; odds := NULL;
          potential_return := NULL; balance := NULL; legs := NULL;
        END;
        IF status = 'ok' THEN
          v_placed := v_placed || i;
          v_slips := v_slips || v_row.slip_id;
          v_txs := v_txs || v_row.ledger_transaction_id;
          v_sessions := v_sessions || v_row.game_session_id;
        END IF;
        v_from := v_from + p_leg_counts[i];
        RETURN NEXT;
      END LOOP;

      IF cardinality(v_placed) = 0 THEN
        RETURN; -- an insert of no rows would still fire the statement triggers
      END IF;
      INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                         fingerprint, response, ledger_transaction_id, game_session_id)
      SELECT p_merchant_id[s.i], p_integration_id[s.i], s.slip || ':bet', 'bet', p_member_id[s.i], s.slip::text,
             p_stake[s.i], sha256(convert_to('sports:' || s.slip || ':bet:' || p_stake[s.i], 'UTF8')), '{}', s.tx,
             s.session
        FROM unnest(v_placed, v_slips, v_txs, v_sessions) AS s(i, slip, tx, session)
       ORDER BY s.i;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION sports_place_slips; DROP FUNCTION sports_place_slip;`.execute(db);
}
