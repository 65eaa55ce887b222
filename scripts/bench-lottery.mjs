// `npm run bench:lottery` (run with `node --import tsx`): lottery tickets per second through HTTP with
// 8 and 32 clients beside pgbench, and the time to settle a draw with 100 000 tickets
// (apps/server/test/lottery/bench-lottery.ts).
await import('../apps/server/test/lottery/bench-lottery.ts');
