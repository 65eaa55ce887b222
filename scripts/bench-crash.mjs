// `npm run bench:crash` (run with `node --import tsx`): 500 watchers of the crash rounds on one
// instance, event latency beside a bare node:http broadcast, and cash-out pricing
// (apps/server/test/inhouse/bench-crash.ts).
await import('../apps/server/test/inhouse/bench-crash.ts');
