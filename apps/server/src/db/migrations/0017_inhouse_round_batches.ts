import { sql, type Kysely } from 'kysely';

/**
 * Issue 12, group commit of in-house rounds (ADR 0011, as seamless_bets() for vendors' bets, ADR
 * 0007): inhouse_rounds() plays a batch of rounds in one statement and one commit, each through
 * inhouse_round() (0015, 0016) in its own subtransaction, so one round's refusal is its own: a
 * wallet that cannot pay (KL402), an open round (KL423), a request sent twice at once (23505) come
 * back as status 'error' with the code, detail and constraint, the others' rounds commit. Anything
 * else fails the batch, which the server then writes one round at a time (db/group-commit.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE FUNCTION inhouse_rounds(
      p_merchant_id integer[], p_member_id integer[], p_game_id integer[], p_game text[],
      p_integration_id integer[], p_integration_code text[], p_currency text[],
      p_request_id text[], p_stake bigint[], p_bet jsonb[],
      p_pair_id bigint[], p_nonce integer[],
      p_outcome jsonb[], p_payout bigint[], p_open boolean[], p_one_open boolean[], p_trial_type integer
    ) RETURNS TABLE (ord integer, status text, round_id bigint, balance_before bigint, balance_after bigint,
                     created_at timestamptz, error_code text, error_detail text, error_constraint text)
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
          SELECT * INTO v_row FROM inhouse_round(
            p_merchant_id[i], p_member_id[i], p_game_id[i], p_game[i], p_integration_id[i], p_integration_code[i],
            p_currency[i], p_request_id[i], p_stake[i], p_bet[i], p_pair_id[i], p_nonce[i], p_outcome[i],
            p_payout[i], p_open[i], p_one_open[i], p_trial_type);
          status := v_row.status; round_id := v_row.round_id; balance_before := v_row.balance_before;
          balance_after := v_row.balance_after; created_at := v_row.created_at;
        EXCEPTION WHEN SQLSTATE 'KL402' OR SQLSTATE 'KL409' OR SQLSTATE 'KL423' OR unique_violation THEN
          GET STACKED DIAGNOSTICS error_code = RETURNED_SQLSTATE, error_detail = PG_EXCEPTION_DETAIL,
                                  error_constraint = CONSTRAINT_NAME;
          status := 'error'; round_id := NULL; balance_before := NULL; balance_after := NULL; created_at := NULL;
        END;
        RETURN NEXT;
      END LOOP;
    END $$;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP FUNCTION inhouse_rounds;`.execute(db);
}
