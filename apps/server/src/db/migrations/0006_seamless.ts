import { sql, type Kysely } from 'kysely';

/**
 * Issue 5 item 5, the seamless wallet for game vendors (ARCHITECTURE §5):
 * - vendors: one row per vendor and merchant; the code (in the request path) is unique, so it
 *   names the merchant too. The HMAC secret is kept as is: the server must compute the
 *   signature of every request, so a hash would not do.
 * - game_sessions: the token a vendor sends back to name the player (issued at game launch),
 *   stored as its SHA-256 only; bets need a live one, wins and rollbacks do not.
 * - seamless_transactions: every accepted vendor call that moves (or could move) money, unique
 *   per (merchant, vendor, vendor transaction id), with the request's fingerprint and the answer
 *   we gave (a true replay gets it again). A rollback of a bet we never saw leaves a
 *   'tombstone' under the bet's id, so the late bet collides with it and is refused.
 *   Append-only, like the ledger it points into.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE vendors (
      id          serial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      code        text NOT NULL UNIQUE CHECK (code ~ '^[A-Z0-9_]{2,32}$'),
      name        text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      secret      text NOT NULL CHECK (length(secret) >= 32),
      currency    text NOT NULL CHECK (currency ~ '^[A-Z]{3}$'),
      status      text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
      created_at  timestamptz NOT NULL DEFAULT now()
    );

    CREATE TABLE game_sessions (
      id          bigserial PRIMARY KEY,
      merchant_id integer NOT NULL REFERENCES merchants(id),
      vendor_id   integer NOT NULL REFERENCES vendors(id),
      member_id   integer NOT NULL REFERENCES members(id),
      token_hash  bytea NOT NULL UNIQUE,
      created_at  timestamptz NOT NULL DEFAULT now(),
      expires_at  timestamptz NOT NULL
    );
    CREATE INDEX game_sessions_member ON game_sessions (member_id, vendor_id);

    CREATE TABLE seamless_transactions (
      id                    bigserial PRIMARY KEY,
      merchant_id           integer NOT NULL REFERENCES merchants(id),
      vendor_id             integer NOT NULL REFERENCES vendors(id),
      vendor_tx_id          text NOT NULL CHECK (length(vendor_tx_id) BETWEEN 1 AND 64),
      kind                  text NOT NULL CHECK (kind IN ('bet', 'win', 'rollback', 'tombstone')),
      member_id             integer NOT NULL REFERENCES members(id),
      round_id              text NOT NULL,
      amount                bigint NOT NULL CHECK (amount >= 0),
      -- win and rollback: the bet they settle or reverse; tombstone: the rollback that left it.
      reference_tx_id       text,
      fingerprint           bytea NOT NULL,
      response              jsonb NOT NULL,
      ledger_transaction_id bigint REFERENCES ledger_transactions(id),
      created_at            timestamptz NOT NULL DEFAULT now(),
      UNIQUE (merchant_id, vendor_id, vendor_tx_id),
      CHECK ((kind = 'bet') = (reference_tx_id IS NULL))
    );
    -- A bet is reversed at most once, whatever transaction ids its rollbacks carry.
    CREATE UNIQUE INDEX seamless_transactions_one_rollback
      ON seamless_transactions (merchant_id, vendor_id, reference_tx_id) WHERE kind = 'rollback';
    CREATE INDEX seamless_transactions_wins
      ON seamless_transactions (merchant_id, vendor_id, reference_tx_id) WHERE kind = 'win';


    -- The seamless bet is one statement (ledger_post and the bet's record): when its id was taken
    -- first (a tombstone, other data), this aborts it, ledger posting included.
    CREATE FUNCTION seamless_assert_recorded(recorded boolean) RETURNS boolean LANGUAGE plpgsql AS $$
    BEGIN
      IF NOT recorded THEN
        RAISE EXCEPTION 'seamless transaction id already taken' USING ERRCODE = 'KL410';
      END IF;
      RETURN true;
    END $$;

    CREATE TRIGGER seamless_transactions_append_only BEFORE UPDATE OR DELETE ON seamless_transactions
      FOR EACH ROW EXECUTE FUNCTION refuse_change();
    CREATE TRIGGER seamless_transactions_no_truncate BEFORE TRUNCATE ON seamless_transactions
      FOR EACH STATEMENT EXECUTE FUNCTION refuse_change();
  `.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('seamless_transactions is append-only; its migration is not reversible');
}
