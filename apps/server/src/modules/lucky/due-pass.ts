import type { Db } from '../../db/database.ts';

/**
 * One job pass over due rows (red envelopes to close, raffles to draw): the due ids are read first,
 * then each is acted on in its own transaction that re-reads and locks its row FOR UPDATE SKIP
 * LOCKED — `lock` answers nothing when another instance holds the row or it is no longer due, and
 * that row is skipped, not waited for. Lock only the row itself (`.forUpdate('e')` in a join):
 * a lock on a shared row, such as its merchant, would make a parallel pass skip rows it could act on.
 */
export async function runDuePass<Id, Row>(
  db: Db,
  pass: {
    due: (db: Db) => Promise<Id[]>;
    lock: (trx: Db, id: Id) => Promise<Row | undefined>;
    act: (trx: Db, row: Row) => Promise<void>;
  },
): Promise<number> {
  let done = 0;
  for (const id of await pass.due(db)) {
    const acted = await db.transaction().execute(async (trx) => {
      const row = await pass.lock(trx, id);
      if (!row) return false;
      await pass.act(trx, row);
      return true;
    });
    if (acted) done += 1;
  }
  return done;
}
