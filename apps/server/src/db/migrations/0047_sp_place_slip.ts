import { sql, type Kysely } from 'kysely';

/**
 * Issue 15 Performance, a slip placed in one statement (ADR 0024 addendum, as inhouse_round() for
 * our games, ADR 0011): sports_place_slip() does in one call what slips.ts did in nine round trips —
 * the member's play guard (status and breaks in force), the request's earlier slip, the shared
 * advisory locks of the legs' events and markets (book.ts's keys: a result, a suspension or an odds
 * change waits for slips in flight), the legs read after them (a statement of their own, so they see
 * all that committed before), the slip's rules (§ of ADR 0024: one leg per event, bettable events,
 * open markets, the odds-change policy, the tightest stake limits), the member's session of the
 * book's game (made once, born expired, as ownBookSession), the stake (`sports:<slip>:stake`,
 * seamless.bet) and the slip, its legs and its seamless record.
 *
 * Refusals write nothing and come back as a status with their detail, for slips.ts to word:
 *   guard (detail: status, self_excluded_until, cooling_off_until) | replay (slip_id: the request's
 *   slip) | selection_not_found | same_event | betting_closed {eventId, status} | market_suspended
 *   {marketId, status} | odds_changed {legs: [{selectionId, odds}]} | stake_below_minimum {minStake}
 *   | stake_above_maximum {maxStake}; placed: ok with the slip's id, created_at, the balance after and
 *   its odds and potential return, and its legs (in the order sent) as JSON. A wallet that cannot pay raises ledger_post's KL402, and
 *   the same requestId committed meanwhile the slip's unique violation: the statement writes nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION sports_place_slip(
      p_merchant_id integer, p_member_id integer, p_request_id text, p_terms text, p_currency text,
      p_stake bigint, p_selection_ids bigint[], p_sent_odds integer[], p_odds_policy text,
      p_integration_id integer, p_integration_code text, p_sports_game_id integer, p_esports_game_id integer
    ) RETURNS TABLE (status text, detail jsonb, slip_id bigint, created_at timestamptz, odds bigint,
                   potential_return bigint, balance bigint, legs jsonb)
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
    DECLARE
      v_guard record;
      v_rows jsonb;
      v_row record;
      v_count integer;
      v_events integer;
      v_min bigint := 0;
      v_max bigint;
      v_product numeric := 1;
      v_esports boolean := true;
      v_game integer;
      v_session bigint;
      v_slip bigint;
      v_key text;
      v_tx bigint;
      v_moved boolean := false;
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

      SELECT s.id INTO slip_id FROM sports_slips s WHERE s.member_id = p_member_id AND s.request_id = p_request_id;
      IF FOUND THEN
        status := 'replay';
        RETURN NEXT;
        RETURN;
      END IF;

      PERFORM pg_advisory_xact_lock_shared(hashtext('sports_event'), (t.event_id % 2147483647)::int),
              pg_advisory_xact_lock_shared(hashtext('sports_market'), (t.market_id % 2147483647)::int)
         FROM (SELECT s.event_id, s.market_id FROM sports_selections s WHERE s.id = ANY(p_selection_ids)
                ORDER BY s.event_id, s.market_id OFFSET 0) t;

      SELECT jsonb_agg(to_jsonb(r) ORDER BY r.event_id, r.market_id), count(*), count(DISTINCT r.event_id)
        INTO v_rows, v_count, v_events
        FROM (SELECT s.id, s.code, s.odds, s.event_id, s.market_id, m.line, m.type, m.status AS market_status,
                     m.min_stake, m.max_stake, e.status AS event_status, e.home, e.away, e.starts_at,
                     e.home_score, e.away_score, sp.kind, sp.code AS sport_code
                FROM sports_selections s
                JOIN sports_markets m ON m.id = s.market_id
                JOIN sports_events e ON e.id = s.event_id
                JOIN sports_sports sp ON sp.id = e.sport_id
               WHERE s.id = ANY(p_selection_ids) AND e.merchant_id = p_merchant_id) r;
      IF v_count <> array_length(p_selection_ids, 1) THEN
        status := 'selection_not_found';
        RETURN NEXT;
        RETURN;
      END IF;
      IF v_events <> v_count THEN
        status := 'same_event';
        RETURN NEXT;
        RETURN;
      END IF;
      FOR v_row IN SELECT * FROM jsonb_array_elements(v_rows) LOOP
        IF v_row.value->>'event_status' NOT IN ('scheduled', 'live') THEN
          status := 'betting_closed';
          detail := jsonb_build_object('eventId', v_row.value->'event_id', 'status', v_row.value->'event_status');
          RETURN NEXT;
          RETURN;
        END IF;
        IF v_row.value->>'market_status' <> 'open' THEN
          status := 'market_suspended';
          detail := jsonb_build_object('marketId', v_row.value->'market_id', 'status', v_row.value->'market_status');
          RETURN NEXT;
          RETURN;
        END IF;
        v_min := greatest(v_min, (v_row.value->>'min_stake')::bigint);
        v_max := least(coalesce(v_max, (v_row.value->>'max_stake')::bigint), (v_row.value->>'max_stake')::bigint);
        v_product := v_product * (v_row.value->>'odds')::int;
        v_esports := v_esports AND v_row.value->>'kind' = 'ESPORTS';
      END LOOP;

      -- The legs in the order sent, with the odds each was sent at.
      SELECT jsonb_agg(jsonb_build_object('row', r, 'sent', l.sent) ORDER BY l.ord) INTO legs
        FROM unnest(p_selection_ids, p_sent_odds) WITH ORDINALITY AS l(selection_id, sent, ord)
        JOIN jsonb_array_elements(v_rows) r ON (r->>'id')::bigint = l.selection_id;
      SELECT coalesce(bool_or(CASE p_odds_policy WHEN 'ask' THEN (leg->'row'->>'odds')::int <> (leg->>'sent')::int
                                                 WHEN 'higher' THEN (leg->'row'->>'odds')::int < (leg->>'sent')::int
                                                 ELSE false END), false)
        INTO v_moved FROM jsonb_array_elements(legs) leg;
      IF v_moved THEN
        status := 'odds_changed';
        detail := jsonb_build_object('legs', (SELECT jsonb_agg(jsonb_build_object('selectionId', (leg->'row'->>'id')::bigint,
                                                                                  'odds', (leg->'row'->>'odds')::int))
                                                FROM jsonb_array_elements(legs) leg));
        legs := NULL;
        RETURN NEXT;
        RETURN;
      END IF;
      IF p_stake < v_min THEN
        status := 'stake_below_minimum';
        detail := jsonb_build_object('minStake', v_min::text);
        legs := NULL;
        RETURN NEXT;
        RETURN;
      END IF;
      IF p_stake > v_max THEN
        status := 'stake_above_maximum';
        detail := jsonb_build_object('maxStake', v_max::text);
        legs := NULL;
        RETURN NEXT;
        RETURN;
      END IF;

      -- settle-rules.ts combinedOdds and returnAt: the product of the legs' odds, rounded down to 0.01.
      odds := trunc(v_product / (100::numeric ^ (v_count - 1)))::bigint;
      v_game := CASE WHEN v_esports THEN p_esports_game_id ELSE p_sports_game_id END;
      SELECT s.id INTO v_session FROM game_sessions s
       WHERE s.member_id = p_member_id AND s.vendor_id = p_integration_id AND s.game_id = v_game
       ORDER BY s.id DESC LIMIT 1;
      IF NOT FOUND THEN
        INSERT INTO game_sessions (merchant_id, vendor_id, member_id, token_hash, game_id, expires_at)
        VALUES (p_merchant_id, p_integration_id, p_member_id,
                sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), v_game, now())
        RETURNING id INTO v_session;
      END IF;

      v_slip := nextval(pg_get_serial_sequence('sports_slips', 'id'));
      v_key := 'sports:' || v_slip || ':stake';
      SELECT lp.transaction_id, lp.balance_after INTO v_tx, balance
        FROM ledger_post(p_merchant_id, p_currency, v_key, 'seamless.bet',
                         sha256(convert_to(v_key || ':' || p_stake, 'UTF8')),
                         jsonb_build_object('sportsSlip', v_slip::text),
                         ARRAY['member_main', 'vendor'], ARRAY[p_member_id, NULL]::integer[],
                         ARRAY[NULL, p_integration_code]::text[], ARRAY[-p_stake, p_stake]) lp
       WHERE lp.balance_after IS NOT NULL;

      INSERT INTO sports_slips (id, merchant_id, member_id, request_id, terms, currency, game_session_id, kind,
                                stake, odds, potential_return)
      VALUES (v_slip, p_merchant_id, p_member_id, p_request_id, p_terms, p_currency, v_session,
              CASE WHEN v_count = 1 THEN 'single' ELSE 'multiple' END, p_stake, odds, p_stake * odds / 100)
      RETURNING sports_slips.created_at, sports_slips.potential_return INTO created_at, potential_return;
      WITH inserted AS (
        INSERT INTO sports_slip_legs (slip_id, event_id, market_id, selection_id, code, line, odds)
        SELECT v_slip, (leg->'row'->>'event_id')::bigint, (leg->'row'->>'market_id')::bigint,
               (leg->'row'->>'id')::bigint, leg->'row'->>'code', (leg->'row'->>'line')::integer,
               (leg->'row'->>'odds')::integer
          FROM jsonb_array_elements(legs) leg
        RETURNING id, selection_id
      )
      SELECT jsonb_agg(leg->'row' || jsonb_build_object('leg_id', i.id) ORDER BY l.ord) INTO legs
        FROM jsonb_array_elements(legs) WITH ORDINALITY AS l(leg, ord)
        JOIN inserted i ON i.selection_id = (l.leg->'row'->>'id')::bigint;
      INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                         fingerprint, response, ledger_transaction_id, game_session_id)
      VALUES (p_merchant_id, p_integration_id, v_slip || ':bet', 'bet', p_member_id, v_slip::text, p_stake,
              sha256(convert_to('sports:' || v_slip || ':bet:' || p_stake, 'UTF8')), '{}', v_tx, v_session);
      status := 'ok';
      slip_id := v_slip;
      RETURN NEXT;
    END $$;

    -- The slips in flight on an instance in one statement and one commit (group commit, ADR 0007,
    -- as inhouse_rounds()): each through sports_place_slip() in its own subtransaction, so a wallet
    -- that cannot pay (KL402) or a requestId taken meanwhile (23505) is that slip's answer alone
    -- (status 'error' with the code, detail and constraint). p_legs: each slip's [[selection, odds sent], …].
    CREATE FUNCTION sports_place_slips(
      p_merchant_id integer[], p_member_id integer[], p_request_id text[], p_terms text[], p_currency text[],
      p_stake bigint[], p_legs jsonb[], p_odds_policy text[],
      p_integration_id integer[], p_integration_code text[], p_sports_game_id integer[], p_esports_game_id integer[]
    ) RETURNS TABLE (ord integer, status text, detail jsonb, slip_id bigint, created_at timestamptz, odds bigint,
                     potential_return bigint, balance bigint, legs jsonb,
                     error_code text, error_detail text, error_constraint text)
    LANGUAGE plpgsql
    SET plan_cache_mode = force_generic_plan
    AS $$
    DECLARE
      v_row record;
    BEGIN
      FOR i IN 1 .. coalesce(array_length(p_member_id, 1), 0) LOOP
        ord := i;
        error_code := NULL; error_detail := NULL; error_constraint := NULL;
        BEGIN
          SELECT * INTO v_row FROM sports_place_slip(
            p_merchant_id[i], p_member_id[i], p_request_id[i], p_terms[i], p_currency[i], p_stake[i],
            ARRAY(SELECT (l->>0)::bigint FROM jsonb_array_elements(p_legs[i]) WITH ORDINALITY e(l, n) ORDER BY n),
            ARRAY(SELECT (l->>1)::integer FROM jsonb_array_elements(p_legs[i]) WITH ORDINALITY e(l, n) ORDER BY n),
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
        RETURN NEXT;
      END LOOP;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION sports_place_slips; DROP FUNCTION sports_place_slip;`.execute(db);
}
