import type en from './en.ts';

/** ফুটারের ব্লগ, খবর ও লাইভ হোস্ট লিংক (issue 14 item 8)। */
const bn: typeof en = { footer: { blog: 'ব্লগ', news: 'খবর', liveHosts: 'লাইভ হোস্ট' } };
export default bn;
