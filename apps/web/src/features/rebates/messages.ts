import { loadMessages } from '../../lib/i18n.ts';

// The rebate page's strings live in the money part, which is not in the first-load catalogue.
// Never import this from first-load code.
await loadMessages('money');
