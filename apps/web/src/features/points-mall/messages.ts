import i18next from 'i18next';
import { loadMessages } from '../../lib/i18n.ts';
import bn from '../../locales/points/bn.ts';
import en from '../../locales/points/en.ts';

// The points mall's strings travel in its own chunk, both languages, so the first-load code gains
// nothing; the money strings of its load states and paging load as a part. Never import this from
// first-load code.
const add = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
await loadMessages('money');
