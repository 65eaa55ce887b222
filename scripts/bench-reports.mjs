// `npm run bench:reports` (run with `node --import tsx`): the benchmark lives beside the agent
// reports' tests, whose server child process and seed it shares.
await import('../apps/server/test/agents/bench-reports.ts');
