import { loadMessages } from '../../lib/i18n.ts';

// The agent centre's strings (and the money strings its tables and load states use) are not in
// the first-load catalogue. Every module of this feature that shows them imports this one, so it
// finishes loading only once they are in. Never import it from first-load code.
await Promise.all([loadMessages('agent'), loadMessages('money'), loadMessages('pages')]);
