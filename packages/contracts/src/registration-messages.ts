import type { Language } from './errors.ts';

/**
 * The §5 registration messages in bn and en, shared by the sign-up form (checked as the user
 * types) and the server (which checks again): one wording on both sides.
 */
type Text = Record<Language, string>;

/** What each §5 catalogue pattern asks for, as the `reg_pattern_<id>` messages say it. */
const PATTERN_TEXT: Record<number, Text> = {
  1: { en: 'Enter any text', bn: 'যেকোনো লেখা দিন' },
  2: {
    en: 'Use English letters and digits, starting with a letter',
    bn: 'ইংরেজি অক্ষর ও সংখ্যা ব্যবহার করুন, শুরুতে অক্ষর',
  },
  3: { en: 'Use kanji and digits only', bn: 'শুধু কাঞ্জি ও সংখ্যা ব্যবহার করুন' },
  4: { en: 'The email format is incorrect', bn: 'ইমেইলের ফরম্যাট সঠিক নয়' },
  5: { en: 'Use English letters or digits only', bn: 'শুধু ইংরেজি অক্ষর বা সংখ্যা ব্যবহার করুন' },
  6: {
    en: 'Use both English letters and digits',
    bn: 'ইংরেজি অক্ষর ও সংখ্যা দুটোই ব্যবহার করুন',
  },
  7: { en: 'Use digits only', bn: 'শুধু সংখ্যা ব্যবহার করুন' },
  8: {
    en: 'Use English letters and digits with at least one capital letter',
    bn: 'অন্তত একটি বড় হাতের অক্ষরসহ ইংরেজি অক্ষর ও সংখ্যা ব্যবহার করুন',
  },
  9: { en: 'Use English letters and spaces only', bn: 'শুধু ইংরেজি অক্ষর ও স্পেস ব্যবহার করুন' },
  10: { en: 'Spaces are not allowed', bn: 'স্পেস দেওয়া যাবে না' },
  11: { en: 'Use Chinese characters and punctuation only', bn: 'শুধু চীনা অক্ষর ও যতিচিহ্ন ব্যবহার করুন' },
  12: { en: 'Enter a date as yyyy-MM-dd', bn: 'তারিখ yyyy-MM-dd আকারে দিন' },
  13: { en: 'Enter a date as MM-dd-yyyy', bn: 'তারিখ MM-dd-yyyy আকারে দিন' },
  14: { en: 'Use Korean letters only', bn: 'শুধু কোরিয়ান অক্ষর ব্যবহার করুন' },
  15: { en: 'Use Thai letters only', bn: 'শুধু থাই অক্ষর ব্যবহার করুন' },
  16: { en: 'Use Thai or English letters only', bn: 'শুধু থাই বা ইংরেজি অক্ষর ব্যবহার করুন' },
  17: { en: 'Use capital letters and spaces only', bn: 'শুধু বড় হাতের অক্ষর ও স্পেস ব্যবহার করুন' },
  18: {
    en: 'Use English letters, digits and symbols',
    bn: 'ইংরেজি অক্ষর, সংখ্যা ও চিহ্ন ব্যবহার করুন',
  },
  19: {
    en: 'Use a capital letter, a small letter, a digit and a symbol',
    bn: 'একটি বড় হাতের অক্ষর, একটি ছোট হাতের অক্ষর, একটি সংখ্যা ও একটি চিহ্ন ব্যবহার করুন',
  },
  20: { en: 'Enter the real name as at least two words', bn: 'আসল নাম অন্তত দুটি শব্দে লিখুন' },
  21: { en: 'Use Japanese scripts only', bn: 'শুধু জাপানি লিপি ব্যবহার করুন' },
  22: {
    en: 'Enter a valid mobile number (01 and nine more digits)',
    bn: 'সঠিক মোবাইল নম্বর দিন (01 এবং আরও নয়টি সংখ্যা)',
  },
};

const numerals: Record<Language, Intl.NumberFormat> = {
  en: new Intl.NumberFormat('en'),
  bn: new Intl.NumberFormat('bn-BD'),
};

/** "6 to 16 characters", or one length when min equals max (§5). */
function lengthText(min: number, max: number, language: Language): string {
  const [from, to] = [numerals[language].format(min), numerals[language].format(max)];
  if (language === 'bn') return min === max ? `${to} অক্ষর` : `${from} থেকে ${to} অক্ষর`;
  return min === max ? `${to} characters` : `${from} to ${to} characters`;
}

/** The §5 per-pattern message with (min) and (max) filled in. */
export function patternMessage(patternId: number, min: number, max: number, language: Language): string {
  const what = PATTERN_TEXT[patternId] ?? PATTERN_TEXT[1]!;
  return `${what[language]}; ${lengthText(min, max, language)}${language === 'en' ? '.' : '।'}`;
}

export const REGISTRATION_MESSAGES = {
  required: { en: 'This field cannot be empty.', bn: 'এই ঘরটি খালি রাখা যাবে না।' },
  confirmPassword: { en: 'The two passwords do not match.', bn: 'দুটি পাসওয়ার্ড মেলেনি।' },
  usernameTaken: { en: 'This username is already registered.', bn: 'এই ইউজারনেমটি আগেই নিবন্ধিত হয়েছে।' },
  mobileTaken: {
    en: 'This mobile number is already registered.',
    bn: 'এই মোবাইল নম্বরটি আগেই নিবন্ধিত হয়েছে।',
  },
  invalidAffiliate: { en: 'Invalid invitation code.', bn: 'আমন্ত্রণ কোডটি সঠিক নয়।' },
  invalidDialingCode: { en: 'Choose a valid country code.', bn: 'সঠিক দেশের কোড বেছে নিন।' },
} satisfies Record<string, Text>;
