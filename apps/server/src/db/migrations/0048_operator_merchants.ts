import { sql, type Kysely } from 'kysely';

/**
 * Issue 16 item 2: an operator over several merchants. An operator still belongs to one (home)
 * merchant, where they sign in; operator_merchants grants them further merchants, with the same role.
 * Each session works on one merchant at a time (operator_sessions.active_merchant_id, the home merchant at
 * sign-in): every /admin call is scoped by it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE operator_merchants (
      operator_id integer NOT NULL REFERENCES operators(id) ON DELETE CASCADE,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      granted_by  integer REFERENCES operators(id),
      created_at  timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (operator_id, merchant_id)
    );
    ALTER TABLE operator_sessions ADD COLUMN active_merchant_id integer REFERENCES merchants(id);
    UPDATE operator_sessions s SET active_merchant_id = o.merchant_id FROM operators o WHERE o.id = s.operator_id;
    ALTER TABLE operator_sessions ALTER COLUMN active_merchant_id SET NOT NULL;
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE operator_sessions DROP COLUMN active_merchant_id;
    DROP TABLE operator_merchants;
  `.execute(db);
}
