import type { Language } from '@khela/contracts';

/** Dialing codes offered on registration and SMS forms; Bangladesh first, then the diaspora. */
export const DIALING_COUNTRIES = [
  { country: 'BD', dialingCode: '880', name: { bn: 'বাংলাদেশ', en: 'Bangladesh' } },
  { country: 'IN', dialingCode: '91', name: { bn: 'ভারত', en: 'India' } },
  { country: 'NP', dialingCode: '977', name: { bn: 'নেপাল', en: 'Nepal' } },
  { country: 'PK', dialingCode: '92', name: { bn: 'পাকিস্তান', en: 'Pakistan' } },
  { country: 'LK', dialingCode: '94', name: { bn: 'শ্রীলঙ্কা', en: 'Sri Lanka' } },
  { country: 'MY', dialingCode: '60', name: { bn: 'মালয়েশিয়া', en: 'Malaysia' } },
  { country: 'SG', dialingCode: '65', name: { bn: 'সিঙ্গাপুর', en: 'Singapore' } },
  { country: 'AE', dialingCode: '971', name: { bn: 'সংযুক্ত আরব আমিরাত', en: 'United Arab Emirates' } },
  { country: 'SA', dialingCode: '966', name: { bn: 'সৌদি আরব', en: 'Saudi Arabia' } },
  { country: 'QA', dialingCode: '974', name: { bn: 'কাতার', en: 'Qatar' } },
  { country: 'OM', dialingCode: '968', name: { bn: 'ওমান', en: 'Oman' } },
  { country: 'KW', dialingCode: '965', name: { bn: 'কুয়েত', en: 'Kuwait' } },
  { country: 'GB', dialingCode: '44', name: { bn: 'যুক্তরাজ্য', en: 'United Kingdom' } },
  { country: 'US', dialingCode: '1', name: { bn: 'মার্কিন যুক্তরাষ্ট্র', en: 'United States' } },
] as const;

export function dialingCountries(language: Language) {
  return DIALING_COUNTRIES.map(({ country, dialingCode, name }) => ({ country, dialingCode, name: name[language] }));
}
