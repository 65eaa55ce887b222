import i18next from 'i18next';
import bn from '../../locales/footer-links/bn.ts';
import en from '../../locales/footer-links/en.ts';

// The footer's blog, news and live-host link labels travel with the footer's own chunk (it loads
// after the first screen), so the first-load catalogue gains nothing.
const add = () => {
  i18next.addResourceBundle('bn', 'translation', bn, true, true);
  i18next.addResourceBundle('en', 'translation', en, true, true);
};
if (i18next.isInitialized) add();
else i18next.on('initialized', add);
