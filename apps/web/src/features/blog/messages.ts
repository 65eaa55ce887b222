import i18next from 'i18next';
import { loadMessages } from '../../lib/i18n.ts';
import bn from '../../locales/content/bn.ts';
import en from '../../locales/content/en.ts';

// The strings of blog and news, the credit report and the live hosts travel with these pages'
// chunks, both languages (a few KB), so the first-load catalogue gains nothing; the money strings
// of the load states load as a part. Never import this from first-load code.
const add = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
await loadMessages('money');
