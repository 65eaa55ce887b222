import { loadMessages } from '../../lib/i18n.ts';

// The account forms' strings are not in the first-load catalogue (issue 3 item 11). Every auth
// module that shows them imports this one, so it finishes loading only once they are in: no
// raw key ever reaches the screen. Never import it from first-load code (the await would hold
// the entry chunk).
await loadMessages('auth');
