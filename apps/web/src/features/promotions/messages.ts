import i18next from 'i18next';
import { loadMessages } from '../../lib/i18n.ts';
import bn from '../../locales/promotions/bn.ts';
import en from '../../locales/promotions/en.ts';

// The promotion pages' strings travel in their own chunk, both languages, so the first-load code
// gains nothing; the money strings of their load states load as a part. Never import this from
// first-load code.
const add = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
await loadMessages('money');
