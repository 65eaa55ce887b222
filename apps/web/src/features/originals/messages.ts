import { loadMessages } from '../../lib/i18n.ts';

// Our games' strings and the shared money strings (amount fields, load states) are not in the
// first-load catalogue. Every module of this feature that shows them imports this one, so it
// finishes loading only once they are in. Never import it from first-load code.
await Promise.all([loadMessages('originals'), loadMessages('money')]);
