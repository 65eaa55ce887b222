// `npm run bench:wallet` (run with `node --import tsx`): the benchmark lives beside the seamless
// wallet's tests, whose signing vendor client and server child process it shares.
await import('../apps/server/test/seamless/bench-wallet.ts');
