import { loadMessages } from '../../lib/i18n.ts';

// The money pages' and the header balance's strings are not in the first-load catalogue (a
// visitor never sees them). Every module of this feature that shows them imports this one, so
// it finishes loading only once they are in: no raw key reaches the screen. Never import it
// from first-load code (the await would hold the entry chunk).
await loadMessages('money');
