import { sql, type Kysely } from 'kysely';
import { up as placeSlipsOf0047 } from './0047_sports_place_slip.ts';

/**
 * Issue 15 Performance, a batch of slips placed set-based (ADR 0024 addendum, as ledger_post_many
 * of 0046): migration 0047 placed each slip of a batch through sports_place_slip() in a
 * subtransaction of its own (ten statements, a ledger_post and a savepoint a slip). Now
 * sports_place_slips() runs a few statements a batch, whatever its size:
 *
 * 1. the play guard of every slip; the shared advisory locks of all the legs' events and markets
 *    (book.ts's keys), in one (event, market) order for the whole batch;
 * 2. every leg read once (after the locks) and each slip's rules judged from its legs grouped (the
 *    same rules, order of refusals and answers as 0047's sports_place_slip());
 * 3. the members' sessions of the book's game (made once, born expired, as ownBookSession);
 * 4. the slips that pass inserted in (member, requestId) order, ON CONFLICT DO NOTHING: a requestId
 *    placed before — by another transaction, or earlier in this batch — answers 'error' 23505 (the
 *    earlier slip answers it in slips.ts);
 * 5. the members' wallets locked in id order and each slip's stake judged against the member's
 *    running balance, in request order: a slip that cannot pay is refused with KL402 (DETAIL: the
 *    balance) and its slip (and a session made for it alone) deleted again, so it writes nothing;
 * 6. the stakes of the paid slips in one ledger_post_many (`sports:<slip>:stake`, seamless.bet),
 *    their legs in one insert, their seamless records in one insert (the statistics triggers fire
 *    once a batch).
 *
 * A batch failing as a whole (a deadlock) is written again one slip at a time by group-commit.ts.
 * numeric_product: the exact product of the legs' odds (settle-rules.ts combinedOdds).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE AGGREGATE numeric_product(numeric) (SFUNC = numeric_mul, STYPE = numeric, INITCOND = '1');

    DROP FUNCTION sports_place_slips;
    DROP FUNCTION sports_place_slip;

    -- p_leg_counts: each slip's number of legs, whose selections and odds sent follow one another in
    -- p_leg_selection_ids and p_leg_sent_odds. One row a slip, in the order given.
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
      n integer := coalesce(array_length(p_member_id, 1), 0);
      v_status text[] := array_fill(NULL::text, ARRAY[n]);
      v_detail jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
      v_error text[] := array_fill(NULL::text, ARRAY[n]);
      v_error_detail text[] := array_fill(NULL::text, ARRAY[n]);
      v_slip bigint[] := array_fill(NULL::bigint, ARRAY[n]);
      v_odds bigint[] := array_fill(NULL::bigint, ARRAY[n]);
      v_game integer[] := array_fill(NULL::integer, ARRAY[n]);
      v_session bigint[] := array_fill(NULL::bigint, ARRAY[n]);
      v_created timestamptz[] := array_fill(NULL::timestamptz, ARRAY[n]);
      v_balance bigint[] := array_fill(NULL::bigint, ARRAY[n]);
      v_legs jsonb[] := array_fill(NULL::jsonb, ARRAY[n]);
      v_leg_slip integer[];
      v_row record;
      v_passed integer[] := '{}';
      v_paid integer[] := '{}';
      v_refused bigint[] := '{}';
      v_made bigint[] := '{}';
      v_wallets text[] := '{}';
      v_wallet_balance bigint[] := '{}';
      v_wallet text;
      w integer;
      v_tx bigint[];
      v_at timestamptz;
      -- ledger_post_many's arguments for the paid slips (two postings a slip), built as they are judged.
      v_key text;
      v_merchants integer[] := '{}';
      v_currencies text[] := '{}';
      v_keys text[] := '{}';
      v_fingerprints bytea[] := '{}';
      v_references jsonb[] := '{}';
      v_requests integer[] := '{}';
      v_kinds text[] := '{}';
      v_members integer[] := '{}';
      v_vendors text[] := '{}';
      v_amounts bigint[] := '{}';
    BEGIN
      IF n = 0 THEN
        RETURN;
      END IF;

      -- 1. The play guard (status, breaks in force), then the locks of every leg's event and market.
      FOR v_row IN
        SELECT u.i, g.status AS member_status, g.self_excluded_until, g.cooling_off_until
          FROM unnest(p_member_id) WITH ORDINALITY AS u(member_id, i)
          CROSS JOIN LATERAL (
            SELECT (SELECT m.status FROM members m WHERE m.id = u.member_id) AS status,
                   max(p.ends_at) FILTER (WHERE p.kind = 'self_exclusion') AS self_excluded_until,
                   max(p.ends_at) FILTER (WHERE p.kind = 'cooling_off') AS cooling_off_until
              FROM member_protections p
             WHERE p.member_id = u.member_id AND p.starts_at <= now() AND p.ends_at > now()) g
         WHERE g.status IS DISTINCT FROM 'active' OR g.self_excluded_until IS NOT NULL
            OR g.cooling_off_until IS NOT NULL
      LOOP
        v_status[v_row.i] := 'guard';
        v_detail[v_row.i] := jsonb_build_object('status', v_row.member_status,
                                                'selfExcludedUntil', v_row.self_excluded_until,
                                                'coolingOffUntil', v_row.cooling_off_until);
      END LOOP;

      PERFORM pg_advisory_xact_lock_shared(hashtext('sports_event'), (t.event_id % 2147483647)::int),
              pg_advisory_xact_lock_shared(hashtext('sports_market'), (t.market_id % 2147483647)::int)
         FROM (SELECT DISTINCT s.event_id, s.market_id FROM sports_selections s WHERE s.id = ANY(p_leg_selection_ids)
                ORDER BY s.event_id, s.market_id OFFSET 0) t;

      -- 2. The legs (read after the locks: they see all that committed before), grouped by slip; the
      -- rules' refusals name the first faulty leg in (event, market) order, as 0047 did.
      SELECT array_agg(c.i ORDER BY c.i, g.g) INTO v_leg_slip
        FROM generate_subscripts(p_leg_counts, 1) AS c(i) CROSS JOIN LATERAL generate_series(1, p_leg_counts[c.i]) AS g(g);
      FOR v_row IN
        SELECT l.slip, count(*) AS leg_count, count(DISTINCT l.event_id) < count(*) AS same_event,
               (array_agg(CASE WHEN l.event_status NOT IN ('scheduled', 'live')
                               THEN jsonb_build_object('status', 'betting_closed', 'detail',
                                      jsonb_build_object('eventId', l.event_id, 'status', l.event_status))
                               ELSE jsonb_build_object('status', 'market_suspended', 'detail',
                                      jsonb_build_object('marketId', l.market_id, 'status', l.market_status)) END
                          ORDER BY l.event_id, l.market_id)
                 FILTER (WHERE l.event_status NOT IN ('scheduled', 'live') OR l.market_status <> 'open'))[1] AS fault,
               bool_or(CASE p_odds_policy[l.slip] WHEN 'ask' THEN l.odds <> l.sent
                                                  WHEN 'higher' THEN l.odds < l.sent ELSE false END) AS moved,
               jsonb_agg(jsonb_build_object('selectionId', l.id, 'odds', l.odds) ORDER BY l.k) AS current_odds,
               max(l.min_stake) AS min_stake, min(l.max_stake) AS max_stake,
               numeric_product(l.odds) AS product, bool_and(l.kind = 'ESPORTS') AS esports,
               jsonb_agg(jsonb_build_object(
                 'leg_id', l.leg_id, 'id', l.id, 'code', l.code, 'odds', l.odds, 'event_id', l.event_id,
                 'market_id', l.market_id, 'line', l.line, 'type', l.type, 'event_status', l.event_status,
                 'home', l.home, 'away', l.away, 'starts_at', l.starts_at, 'home_score', l.home_score,
                 'away_score', l.away_score, 'sport_code', l.sport_code) ORDER BY l.k) AS answers
          FROM (SELECT x.slip, x.k, x.sent, s.id, s.code, s.odds, s.event_id, s.market_id, m.line, m.type,
                       m.status AS market_status, m.min_stake, m.max_stake, e.status AS event_status, e.home,
                       e.away, e.starts_at, e.home_score, e.away_score, sp.kind, sp.code AS sport_code,
                       nextval('sports_slip_legs_id_seq'::regclass) AS leg_id
                  FROM unnest(p_leg_selection_ids, p_leg_sent_odds, v_leg_slip) WITH ORDINALITY AS x(selection_id, sent, slip, k)
                  JOIN sports_selections s ON s.id = x.selection_id
                  JOIN sports_markets m ON m.id = s.market_id
                  JOIN sports_events e ON e.id = s.event_id
                  JOIN sports_sports sp ON sp.id = e.sport_id
                 WHERE e.merchant_id = p_merchant_id[x.slip] AND v_status[x.slip] IS NULL
                 ORDER BY x.k) l
         GROUP BY l.slip
         ORDER BY l.slip
      LOOP
        IF v_row.leg_count <> p_leg_counts[v_row.slip] THEN
          v_status[v_row.slip] := 'selection_not_found';
        ELSIF v_row.same_event THEN
          v_status[v_row.slip] := 'same_event';
        ELSIF v_row.fault IS NOT NULL THEN
          v_status[v_row.slip] := v_row.fault->>'status';
          v_detail[v_row.slip] := v_row.fault->'detail';
        ELSIF v_row.moved THEN
          v_status[v_row.slip] := 'odds_changed';
          v_detail[v_row.slip] := jsonb_build_object('legs', v_row.current_odds);
        ELSIF p_stake[v_row.slip] < v_row.min_stake THEN
          v_status[v_row.slip] := 'stake_below_minimum';
          v_detail[v_row.slip] := jsonb_build_object('minStake', v_row.min_stake::text);
        ELSIF p_stake[v_row.slip] > v_row.max_stake THEN
          v_status[v_row.slip] := 'stake_above_maximum';
          v_detail[v_row.slip] := jsonb_build_object('maxStake', v_row.max_stake::text);
        ELSE
          v_status[v_row.slip] := 'ok';
          v_passed := v_passed || v_row.slip::integer;
          -- settle-rules.ts combinedOdds and returnAt: the product of the legs' odds, rounded down to 0.01.
          v_odds[v_row.slip] := trunc(v_row.product / (100::numeric ^ (v_row.leg_count - 1)))::bigint;
          v_game[v_row.slip] := CASE WHEN v_row.esports THEN p_esports_game_id[v_row.slip]
                                     ELSE p_sports_game_id[v_row.slip] END;
          v_slip[v_row.slip] := nextval('sports_slips_id_seq'::regclass);
          v_legs[v_row.slip] := v_row.answers;
        END IF;
      END LOOP;
      FOR i IN 1 .. n LOOP
        -- A slip none of whose legs was found.
        v_status[i] := coalesce(v_status[i], 'selection_not_found');
      END LOOP;

      IF cardinality(v_passed) > 0 THEN
        -- 3. Each member's latest session of the game, made (born expired) where there is none.
        SELECT array_agg(s.id ORDER BY s.i) INTO v_session
          FROM (SELECT a.i, CASE WHEN v_status[a.i] = 'ok' THEN
                              (SELECT gs.id FROM game_sessions gs
                                WHERE gs.member_id = p_member_id[a.i] AND gs.vendor_id = p_integration_id[a.i]
                                  AND gs.game_id = v_game[a.i]
                                ORDER BY gs.id DESC LIMIT 1) END AS id
                  FROM generate_series(1, n) AS a(i)) s;
        IF EXISTS (SELECT 1 FROM unnest(v_passed) AS a(i) WHERE v_session[a.i] IS NULL) THEN
          WITH made AS (
            INSERT INTO game_sessions AS gs (merchant_id, vendor_id, member_id, token_hash, game_id, expires_at)
            SELECT d.merchant_id, d.vendor_id, d.member_id,
                   sha256(convert_to(gen_random_uuid()::text || clock_timestamp()::text, 'UTF8')), d.game_id, now()
              FROM (SELECT DISTINCT p_merchant_id[a.i] AS merchant_id, p_integration_id[a.i] AS vendor_id,
                                    p_member_id[a.i] AS member_id, v_game[a.i] AS game_id
                      FROM unnest(v_passed) AS a(i) WHERE v_session[a.i] IS NULL) d
            RETURNING gs.id, gs.member_id, gs.vendor_id, gs.game_id
          ), sessions AS (
            SELECT array_agg(made.id) AS ids,
                   (SELECT array_agg(coalesce(v_session[a.i], (SELECT m2.id FROM made m2
                                                                WHERE m2.member_id = p_member_id[a.i]
                                                                  AND m2.vendor_id = p_integration_id[a.i]
                                                                  AND m2.game_id = v_game[a.i])) ORDER BY a.i)
                      FROM generate_series(1, n) AS a(i)) AS per_slip
              FROM made
          )
          SELECT sessions.ids, sessions.per_slip INTO v_made, v_session FROM sessions;
        END IF;

        -- 4. The slips, in (member, requestId) order: two batches waiting on each other's requestIds
        -- take them in one order. A requestId placed before answers 'error' 23505 below.
        WITH placed AS (
          INSERT INTO sports_slips AS s (id, merchant_id, member_id, request_id, terms, currency, game_session_id,
                                         kind, stake, odds, potential_return)
          SELECT v_slip[a.i], p_merchant_id[a.i], p_member_id[a.i], p_request_id[a.i], p_terms[a.i], p_currency[a.i],
                 v_session[a.i], CASE WHEN p_leg_counts[a.i] = 1 THEN 'single' ELSE 'multiple' END, p_stake[a.i],
                 v_odds[a.i], p_stake[a.i] * v_odds[a.i] / 100
            FROM unnest(v_passed) AS a(i)
           ORDER BY p_member_id[a.i], p_request_id[a.i]
          ON CONFLICT (member_id, request_id) DO NOTHING
          RETURNING s.id, s.created_at
        )
        SELECT array_agg(placed.id), max(placed.created_at) INTO v_tx, v_at FROM placed;

        -- 5. The wallets locked in id order (two batches over the same wallets cannot deadlock), then
        -- each slip's stake against its member's running balance, in request order.
        FOR v_row IN
          SELECT a.id, a.balance, a.merchant_id || ':' || a.member_id || ':' || a.currency AS wallet
            FROM ledger_accounts a
            JOIN (SELECT DISTINCT p_merchant_id[x.i] AS merchant_id, p_member_id[x.i] AS member_id,
                                  p_currency[x.i] AS currency
                    FROM unnest(v_passed) AS x(i)) d
              ON a.merchant_id = d.merchant_id AND a.kind = 'member_main' AND coalesce(a.member_id, 0) = d.member_id
             AND coalesce(a.vendor_code, '') = '' AND a.currency = d.currency
           ORDER BY a.id
             FOR NO KEY UPDATE OF a
        LOOP
          v_wallets := v_wallets || v_row.wallet;
          v_wallet_balance := v_wallet_balance || v_row.balance;
        END LOOP;
        FOREACH w IN ARRAY v_passed LOOP
          v_wallet := p_merchant_id[w] || ':' || p_member_id[w] || ':' || p_currency[w];
          IF NOT v_slip[w] = ANY(coalesce(v_tx, '{}')) THEN
            -- Not inserted: its requestId was placed before. By a slip of this batch refused for its
            -- stake (deleted below)? Then it has that slip's refusal.
            v_status[w] := 'error';
            v_error[w] := '23505';
            FOR j IN 1 .. w - 1 LOOP
              IF p_member_id[j] = p_member_id[w] AND p_request_id[j] = p_request_id[w]
                 AND v_slip[j] = ANY(v_refused) THEN
                v_error[w] := 'KL402';
                v_error_detail[w] := v_error_detail[j];
              END IF;
            END LOOP;
            CONTINUE;
          END IF;
          v_created[w] := v_at;
          IF coalesce(v_wallet_balance[array_position(v_wallets, v_wallet)], 0) < p_stake[w] THEN
            v_status[w] := 'error';
            v_error[w] := 'KL402';
            v_error_detail[w] := coalesce(v_wallet_balance[array_position(v_wallets, v_wallet)], 0)::text;
            v_refused := v_refused || v_slip[w];
          ELSE
            v_wallet_balance[array_position(v_wallets, v_wallet)] :=
              v_wallet_balance[array_position(v_wallets, v_wallet)] - p_stake[w];
            v_balance[w] := v_wallet_balance[array_position(v_wallets, v_wallet)];
            v_paid := v_paid || w;
            v_key := 'sports:' || v_slip[w] || ':stake';
            v_merchants := v_merchants || p_merchant_id[w];
            v_currencies := v_currencies || p_currency[w];
            v_keys := v_keys || v_key;
            v_fingerprints := v_fingerprints || sha256(convert_to(v_key || ':' || p_stake[w], 'UTF8'));
            v_references := v_references || jsonb_build_object('sportsSlip', v_slip[w]::text);
            v_requests := v_requests || ARRAY[cardinality(v_paid), cardinality(v_paid)];
            v_kinds := v_kinds || ARRAY['member_main', 'vendor'];
            v_members := v_members || ARRAY[p_member_id[w], NULL]::integer[];
            v_vendors := v_vendors || ARRAY[NULL, p_integration_code[w]]::text[];
            v_amounts := v_amounts || ARRAY[-p_stake[w], p_stake[w]];
          END IF;
        END LOOP;
        IF cardinality(v_refused) > 0 THEN
          DELETE FROM sports_slips s WHERE s.id = ANY(v_refused);
        END IF;
        IF cardinality(v_made) > 0 THEN
          DELETE FROM game_sessions gs
           WHERE gs.id = ANY(v_made)
             AND gs.id NOT IN (SELECT v_session[p.i] FROM unnest(v_paid) AS p(i));
        END IF;
      END IF;

      IF cardinality(v_paid) > 0 THEN
        -- 6. The stakes in one ledger_post_many (it locks the same wallets again and finds them able
        -- to pay), then the legs and the seamless records.
        SELECT array_agg(t.transaction_id ORDER BY t.k) INTO v_tx
          FROM ledger_post_many(v_merchants, v_currencies, v_keys,
                                array_fill('seamless.bet'::text, ARRAY[cardinality(v_paid)]), v_fingerprints,
                                v_references, v_requests, v_kinds, v_members, v_vendors, v_amounts)
               WITH ORDINALITY AS t(transaction_id, k);

        INSERT INTO sports_slip_legs (id, slip_id, event_id, market_id, selection_id, code, line, odds)
        SELECT (l->>'leg_id')::bigint, v_slip[p.i], (l->>'event_id')::bigint, (l->>'market_id')::bigint,
               (l->>'id')::bigint, l->>'code', (l->>'line')::integer, (l->>'odds')::integer
          FROM unnest(v_paid) AS p(i), jsonb_array_elements(v_legs[p.i]) AS l;

        INSERT INTO seamless_transactions (merchant_id, vendor_id, vendor_tx_id, kind, member_id, round_id, amount,
                                           fingerprint, response, ledger_transaction_id, game_session_id)
        SELECT p_merchant_id[p.i], p_integration_id[p.i], v_slip[p.i] || ':bet', 'bet', p_member_id[p.i],
               v_slip[p.i]::text, p_stake[p.i],
               sha256(convert_to('sports:' || v_slip[p.i] || ':bet:' || p_stake[p.i], 'UTF8')), '{}', v_tx[p.k],
               v_session[p.i]
          FROM unnest(v_paid) WITH ORDINALITY AS p(i, k)
         ORDER BY p.k;
      END IF;

      RETURN QUERY
        SELECT a.i::integer, v_status[a.i], v_detail[a.i],
               CASE WHEN v_status[a.i] = 'ok' THEN v_slip[a.i] END,
               CASE WHEN v_status[a.i] = 'ok' THEN v_created[a.i] END,
               CASE WHEN v_status[a.i] = 'ok' THEN v_odds[a.i] END,
               CASE WHEN v_status[a.i] = 'ok' THEN p_stake[a.i] * v_odds[a.i] / 100 END,
               v_balance[a.i],
               CASE WHEN v_status[a.i] = 'ok' THEN v_legs[a.i] END,
               v_error[a.i], v_error_detail[a.i],
               CASE v_error[a.i] WHEN '23505' THEN 'sports_slips_member_id_request_id_key' END
          FROM generate_series(1, n) AS a(i)
         ORDER BY a.i;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION sports_place_slips; DROP AGGREGATE numeric_product(numeric);`.execute(db);
  await placeSlipsOf0047(db);
}
