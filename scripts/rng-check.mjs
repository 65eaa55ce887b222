// `npm run rng:check` (scripts/rng-check.ts), and the entry of its worker threads: tsx is
// registered here because a worker does not inherit `--import tsx`.
import { register } from 'tsx/esm/api';

register();
await import('./rng-check.ts');
