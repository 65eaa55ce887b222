import i18next from 'i18next';
import { loadMessages } from '../../lib/i18n.ts';
import bn from '../../locales/sports/bn.ts';
import en from '../../locales/sports/en.ts';

// The sportsbook's strings travel in its own chunk, both languages, never in the first load;
// the money part brings the amount, confirmation and load-state strings.
const add = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
await loadMessages('money');
