/**
 * Loaded into the benchmark's server (`node --import tsx --import …/count-statements.ts`, by
 * bench-placement.ts with BENCH_STATEMENTS=1): counts the statements its pg clients send, by their
 * first 70 characters, and writes them to BENCH_STATEMENT_COUNTS as JSON when the process exits.
 */
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_STATEMENT_COUNTS;
if (file) {
  const counts: Record<string, number> = {};
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '')).replace(/\s+/g, ' ').trim().slice(0, 70);
    counts[text] = (counts[text] ?? 0) + 1;
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  process.on('exit', () => writeFileSync(file, JSON.stringify(counts)));
}
