// `npm run bench:sports` (run with `node --import tsx`): bet slips per second through HTTP with 8 and
// 32 clients beside pgbench, and the time to settle an event with 100 000 open bets
// (apps/server/test/sports/bench-sports.ts).
await import('../apps/server/test/sports/bench-sports.ts');
