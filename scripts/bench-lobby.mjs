// `npm run bench:lobby` (run with `node --import tsx`): the benchmark lives beside the lobby's
// tests, whose server child process and seed it shares.
await import('../apps/server/test/games/bench-lobby.ts');
