// `npm run bench:games` (run with `node --import tsx`): in-house rounds per second beside pgbench
// (apps/server/test/inhouse/bench-games.ts), then the crash game's broadcast to 500 watchers and its
// cash-outs (bench-crash.ts, also alone as `npm run bench:crash`).
await import('../apps/server/test/inhouse/bench-games.ts');
await import('../apps/server/test/inhouse/bench-crash.ts');
