import i18next from 'i18next';
import { loadMessages } from '../../lib/i18n.ts';
import bn from '../../locales/missions/bn.ts';
import en from '../../locales/missions/en.ts';

// The missions page's strings travel in its own chunk, both languages, so the first-load code
// (lib/i18n.ts) gains nothing; the money strings (load states, product names) load as a part.
// Never import this from first-load code.
const add = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
await loadMessages('money');
