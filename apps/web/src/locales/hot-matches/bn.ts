import type en from './en.ts';

/** বাংলা strings of the hot matches lane (see en.ts). */
const bn: typeof en = {
  hotMatches: {
    title: 'জনপ্রিয় ম্যাচ',
    all: 'সব খেলা',
    live: 'লাইভ',
    minute: "{{minute}}'",
    score: 'স্কোর {{home}}–{{away}}',
    vs: '{{home}} বনাম {{away}}',
    open: '{{match}} খুলুন',
    loading: 'জনপ্রিয় ম্যাচ লোড হচ্ছে',
    odds: '{{pick}}: অডস {{odds}}',
    picks: { HOME: 'হোম', DRAW: 'ড্র', AWAY: 'অ্যাওয়ে' },
  },
};
export default bn;
