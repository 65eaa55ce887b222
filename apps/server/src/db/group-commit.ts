export interface GroupCommitOptions {
  /**
   * 32 keeps a batch's subtransactions within the 64 ids a PostgreSQL backend caches; past them
   * every snapshot in the server gets slower.
   */
  maxBatch?: number;
  /**
   * One batch at a time makes the largest batches; a second leaves once `laneThreshold` items are
   * waiting, so a batch stuck on a row lock, or a load the first lane cannot keep up with, still
   * has one moving. 4 measured best for seamless bets (bench:wallet: about 20 % more bets/s than
   * 16 with 8 clients, as many with 32; always two lanes, or 2, were slower).
   */
  maxInFlight?: number;
  laneThreshold?: number;
  /**
   * With nothing in flight, wait up to this many milliseconds for as many items as there were when
   * the last batch committed (its own and those waiting then) before writing (0: write at once).
   * Under a steady load the callers come back one after another as the server answers them: written
   * at once, the first ones would leave without the rest and the callers stay split into two groups
   * whose batches alternate, each paying a batch's fixed cost. An idle server's batches are of one
   * item, so it adds no delay there (the first item after a busy spell waits once).
   */
  gatherMs?: number;
  /** Told each batch's size as it leaves (a metric). */
  onBatch?: (size: number) => void;
}

interface Waiting<Item, Result> {
  item: Item;
  resolve: (result: Result) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit (ADR 0007): an item is written at once when no batch is being written (unless
 * `gatherMs` lets it wait for the last batch's callers); otherwise it waits for the next batch,
 * which leaves as soon as the one in flight commits (or at once, in a second lane, when many are
 * waiting). So an idle server adds no delay, and a busy one pays one
 * statement, one commit and one round trip per batch instead of per item. Every item is answered
 * only after its batch committed.
 *
 * `writeBatch` answers each item in order, each in its own subtransaction, so one item's refusal
 * is its answer alone. A batch failing as a whole (a deadlock with a concurrent batch, a lost
 * connection) is written again one item at a time: writes must be idempotent, so an item that had
 * in fact committed is answered as such.
 */
export function groupCommit<Item, Result>(
  writeBatch: (items: Item[]) => Promise<Result[]>,
  { maxBatch = 32, maxInFlight = 2, laneThreshold = 4, gatherMs = 0, onBatch }: GroupCommitOptions = {},
) {
  const waiting: Waiting<Item, Result>[] = [];
  let inFlight = 0;
  let expected = 0;
  let gathering: ReturnType<typeof setTimeout> | undefined;

  function writeOf(items: Item[]) {
    onBatch?.(items.length);
    return writeBatch(items);
  }

  async function write(batch: Waiting<Item, Result>[]) {
    try {
      const results = await writeOf(batch.map((w) => w.item));
      batch.forEach((w, i) => w.resolve(results[i]!));
    } catch (error) {
      if (batch.length === 1) return batch[0]!.reject(error);
      // In request order, one after another: each item is judged against the balance the items
      // before it left, as in the batch.
      for (const w of batch) {
        await writeOf([w.item]).then(
          ([result]) => w.resolve(result!),
          (singleError: unknown) => w.reject(singleError),
        );
      }
    }
  }

  function pump(gathered = false) {
    if (inFlight === 0 && waiting.length > 0 && waiting.length < expected && !gathered) {
      gathering ??= gatherMs > 0 ? setTimeout(() => pump(true), gatherMs) : undefined;
      if (gathering) return;
    }
    clearTimeout(gathering);
    gathering = undefined;
    while (inFlight === 0 ? waiting.length > 0 : inFlight < maxInFlight && waiting.length >= laneThreshold) {
      inFlight++;
      const batch = waiting.splice(0, maxBatch);
      void write(batch).finally(() => {
        inFlight--;
        expected = Math.min(maxBatch, batch.length + waiting.length);
        pump();
      });
    }
  }

  /** Resolves once the item's batch has committed (or was refused). */
  return function add(item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      pump();
    });
  };
}
