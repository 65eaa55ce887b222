// `npm run bench:games` (run with `node --import tsx`): in-house rounds per second beside pgbench
// (apps/server/test/inhouse/bench-games.ts).
await import('../apps/server/test/inhouse/bench-games.ts');
