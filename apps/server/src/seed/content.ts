import type { LocalizedText } from '@khela/contracts';
import type { Db } from '../db/database.ts';
import type { AnnouncementImage } from '../db/schema.ts';

/*
 * Demo site content of a Bangladeshi betting site, in Bengali and English. Rich text is already
 * what the operator console's sanitiser keeps (no scripts, styles, classes or handlers; links
 * carry rel="noopener noreferrer"), so the seed looks exactly like content written through /admin.
 */

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

interface BannerSeed {
  group: string;
  title: LocalizedText;
  url: string;
  linkage?: string;
  linkageType?: 'NONE' | 'URL' | 'ROUTE' | 'GAME' | 'PROMOTION';
  video?: boolean;
}

const BANNERS: BannerSeed[] = [
  {
    group: 'w_home',
    title: { bn: 'স্বাগতম বোনাস: প্রথম ডিপোজিটে ১০০%', en: 'Welcome bonus: 100% on your first deposit' },
    url: '/demo/home-welcome.webp',
    linkage: '/promotions',
    linkageType: 'ROUTE',
  },
  {
    group: 'w_home',
    title: { bn: 'লাইভ ক্রিকেট: প্রতিটি বলে বাজি', en: 'Live cricket: bet on every ball' },
    url: '/demo/home-cricket.webp',
    linkage: '/sports',
    linkageType: 'ROUTE',
  },
  {
    group: 'w_home',
    title: { bn: 'প্রতি সপ্তাহে ১০% ক্যাশব্যাক', en: '10% cashback every week' },
    url: '/demo/home-cashback.webp',
    linkage: '/promotions',
    linkageType: 'ROUTE',
  },
  {
    group: 'w_home',
    title: { bn: 'বিকাশ, নগদ ও রকেটে তাৎক্ষণিক ডিপোজিট', en: 'Instant deposits with bKash, Nagad and Rocket' },
    url: '/demo/home-payments.webp',
    linkage: '/help#deposit',
    linkageType: 'ROUTE',
  },
  {
    group: 'w_promotion',
    title: { bn: 'সপ্তাহের সেরা মুহূর্ত', en: 'Highlights of the week' },
    url: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    video: true,
  },
  {
    group: 'w_promotion',
    title: { bn: 'কীভাবে খেলবেন: শুরু করার গাইড', en: 'How to play: a starter guide' },
    url: 'https://www.youtube.com/embed/eRsGyueVLvQ',
    video: true,
  },
  {
    group: 'w_login',
    title: { bn: 'আবার স্বাগতম! আজকের রিলোড বোনাস নিন', en: "Welcome back! Claim today's reload bonus" },
    url: '/demo/side-login.jpg',
  },
  {
    group: 'w_register',
    title: { bn: 'আজই যোগ দিন, পান ১০০% স্বাগতম বোনাস', en: 'Join today and get a 100% welcome bonus' },
    url: '/demo/side-register.jpg',
  },
  {
    group: 'w_leftmenu',
    title: { bn: 'বন্ধুকে আমন্ত্রণ জানিয়ে আয় করুন ৳৩০০', en: 'Refer a friend and earn ৳300' },
    url: '/demo/menu-referral.jpg',
    linkage: '/promotions',
    linkageType: 'ROUTE',
  },
  {
    group: 'w_forget',
    title: { bn: 'অ্যাকাউন্ট নিরাপদ রাখুন: ওটিপি কাউকে দেবেন না', en: 'Keep your account safe: never share your OTP' },
    url: '/demo/side-forget.jpg',
  },
];

interface AnnouncementSeed {
  type: 'PL' | 'PU' | 'PR' | 'H';
  title: LocalizedText;
  content: LocalizedText;
  execution?: 'A' | 'B' | 'F';
  images?: AnnouncementImage[];
  publishedDaysAgo: number;
}

const MARQUEE: AnnouncementSeed[] = [
  {
    type: 'PL',
    title: { bn: 'ঈদ স্পেশাল অফার', en: 'Eid special offer' },
    content: {
      bn: 'ঈদ উপলক্ষে প্রতিটি ডিপোজিটে অতিরিক্ত ৫% বোনাস, অফার চলবে মাসের শেষ দিন পর্যন্ত।',
      en: 'Eid special: an extra 5% bonus on every deposit until the last day of the month.',
    },
    publishedDaysAgo: 1,
  },
  {
    type: 'PL',
    title: { bn: 'নিরাপত্তা সতর্কতা', en: 'Security reminder' },
    content: {
      bn: 'কখনও কারও সাথে আপনার পাসওয়ার্ড বা ওটিপি শেয়ার করবেন না। খেলা কখনও ফোন করে পাসওয়ার্ড চায় না।',
      en: 'Never share your password or OTP with anyone. Khela will never call you to ask for your password.',
    },
    publishedDaysAgo: 3,
  },
  {
    type: 'PL',
    title: { bn: 'রকেটে ডিপোজিট চালু', en: 'Rocket deposits are live' },
    content: {
      bn: 'নতুন: এখন রকেট দিয়েও ডিপোজিট করা যাবে। ন্যূনতম ডিপোজিট ৳২০০।',
      en: 'New: you can now deposit with Rocket too. Minimum deposit ৳200.',
    },
    publishedDaysAgo: 5,
  },
];

const POPUPS: AnnouncementSeed[] = [
  {
    type: 'PU',
    execution: 'B',
    title: { bn: 'খেলায় স্বাগতম!', en: 'Welcome to Khela!' },
    content: {
      bn: '<h3>১০০% স্বাগতম বোনাস</h3><p>আজই অ্যাকাউন্ট খুলুন এবং প্রথম ডিপোজিটে <strong>৳১০,০০০ পর্যন্ত</strong> বোনাস নিন।</p><ul><li>বিকাশ, নগদ ও রকেটে তাৎক্ষণিক ডিপোজিট</li><li>ক্রিকেট, ফুটবল, লাইভ ক্যাসিনো ও স্লট</li><li>২৪ ঘণ্টা বাংলায় গ্রাহক সেবা</li></ul><p><a href="/register" rel="noopener noreferrer">এখনই রেজিস্টার করুন</a></p>',
      en: '<h3>100% welcome bonus</h3><p>Open an account today and get a bonus of <strong>up to ৳10,000</strong> on your first deposit.</p><ul><li>Instant deposits with bKash, Nagad and Rocket</li><li>Cricket, football, live casino and slots</li><li>Customer service in Bengali, around the clock</li></ul><p><a href="/register" rel="noopener noreferrer">Register now</a></p>',
    },
    publishedDaysAgo: 2,
  },
  {
    type: 'PU',
    execution: 'A',
    title: { bn: 'আজকের রিলোড বোনাস', en: "Today's reload bonus" },
    content: {
      bn: '<h3>আজ ডিপোজিট করলেই ২০% বোনাস</h3><p>আজ রাত ১২টা পর্যন্ত ৳৫০০ বা তার বেশি ডিপোজিটে <strong>২০% রিলোড বোনাস</strong>, সর্বোচ্চ ৳২,০০০।</p><p>বোনাসের ১০ গুণ টার্নওভার পূর্ণ করলে তা তোলা যাবে।</p><p><a href="/promotions" rel="noopener noreferrer">সব অফার দেখুন</a></p>',
      en: '<h3>20% bonus on deposits today</h3><p>Until midnight, deposit ৳500 or more and get a <strong>20% reload bonus</strong>, up to ৳2,000.</p><p>The bonus can be withdrawn after a turnover of 10 times its amount.</p><p><a href="/promotions" rel="noopener noreferrer">See all offers</a></p>',
    },
    publishedDaysAgo: 0,
  },
  {
    type: 'PU',
    execution: 'F',
    title: { bn: 'আপনার অ্যাকাউন্ট প্রস্তুত', en: 'Your account is ready' },
    content: {
      bn: '<h3>শুরু করার তিনটি ধাপ</h3><ol><li>নিরাপত্তা কেন্দ্রে মোবাইল নম্বর যাচাই করুন।</li><li>প্রথম ডিপোজিট করে ১০০% স্বাগতম বোনাস নিন।</li><li>পছন্দের গেম ফেভারিটে যোগ করুন।</li></ol><p>কোনো প্রশ্ন থাকলে <a href="/help#faq" rel="noopener noreferrer">সাধারণ জিজ্ঞাসা</a> দেখুন বা লাইভ চ্যাটে লিখুন।</p>',
      en: '<h3>Three steps to get started</h3><ol><li>Verify your mobile number in the security centre.</li><li>Make your first deposit and claim the 100% welcome bonus.</li><li>Add your favourite games to Favourites.</li></ol><p>Questions? Read the <a href="/help#faq" rel="noopener noreferrer">FAQ</a> or write to us on live chat.</p>',
    },
    publishedDaysAgo: 2,
  },
];

const PROMOTIONS: AnnouncementSeed[] = [
  {
    type: 'PR',
    title: { bn: 'প্রথম ডিপোজিটে ১০০% স্বাগতম বোনাস', en: '100% welcome bonus on your first deposit' },
    content: {
      bn: '<h3>৳১০,০০০ পর্যন্ত বোনাস</h3><p>নতুন সদস্যরা প্রথম ডিপোজিটের সমপরিমাণ বোনাস পাবেন।</p><table><thead><tr><th>ডিপোজিট</th><th>বোনাস</th><th>টার্নওভার</th></tr></thead><tbody><tr><td>৳৫০০</td><td>৳৫০০</td><td>১৫ গুণ</td></tr><tr><td>৳৫,০০০</td><td>৳৫,০০০</td><td>১৫ গুণ</td></tr><tr><td>৳১০,০০০</td><td>৳১০,০০০</td><td>১৫ গুণ</td></tr></tbody></table><ul><li>ন্যূনতম ডিপোজিট ৳৫০০।</li><li>প্রতি সদস্য, মোবাইল নম্বর ও ডিভাইসে একবার।</li><li>বোনাস ৩০ দিনের মধ্যে ব্যবহার করতে হবে।</li></ul>',
      en: '<h3>Bonus of up to ৳10,000</h3><p>New members receive a bonus equal to their first deposit.</p><table><thead><tr><th>Deposit</th><th>Bonus</th><th>Turnover</th></tr></thead><tbody><tr><td>৳500</td><td>৳500</td><td>15 times</td></tr><tr><td>৳5,000</td><td>৳5,000</td><td>15 times</td></tr><tr><td>৳10,000</td><td>৳10,000</td><td>15 times</td></tr></tbody></table><ul><li>Minimum deposit ৳500.</li><li>Once per member, mobile number and device.</li><li>The bonus must be used within 30 days.</li></ul>',
    },
    images: [{ sequence: 1, url: '/demo/promo-welcome.jpg' }],
    publishedDaysAgo: 30,
  },
  {
    type: 'PR',
    title: { bn: 'সাপ্তাহিক ১০% ক্যাশব্যাক', en: '10% weekly cashback' },
    content: {
      bn: '<h3>হারলেও ফেরত পান</h3><p>সোমবার থেকে রবিবার পর্যন্ত স্লট ও লাইভ ক্যাসিনোতে নিট লোকসানের <strong>১০%</strong> প্রতি সোমবার আপনার ওয়ালেটে জমা হবে।</p><ul><li>সর্বোচ্চ ক্যাশব্যাক সপ্তাহে ৳২০,০০০।</li><li>ক্যাশব্যাকে মাত্র ১ গুণ টার্নওভার।</li><li>বোনাস চলাকালীন বাজি ক্যাশব্যাকে গণ্য হবে না।</li></ul>',
      en: '<h3>Get some back even when you lose</h3><p><strong>10%</strong> of your net loss on slots and live casino from Monday to Sunday is credited to your wallet every Monday.</p><ul><li>Cashback up to ৳20,000 a week.</li><li>Only 1 times turnover on cashback.</li><li>Bets placed while a bonus is active do not count.</li></ul>',
    },
    images: [{ sequence: 1, url: '/demo/promo-cashback.jpg' }],
    publishedDaysAgo: 20,
  },
  {
    type: 'PR',
    title: { bn: 'বিপিএল মৌসুমে ৳৫০০ ফ্রি বেট', en: '৳500 free bet for the BPL season' },
    content: {
      bn: '<h3>ক্রিকেটে বাজি ধরুন, ফ্রি বেট নিন</h3><p>বিপিএলের যেকোনো ম্যাচে এক সপ্তাহে মোট ৳৫,০০০ বাজি ধরলে পরের সোমবার <strong>৳৫০০ ফ্রি বেট</strong> পাবেন।</p><ul><li>শুধু ১.৫০ বা তার বেশি অডসের বাজি গণ্য হবে।</li><li>ফ্রি বেট ৭ দিনের মধ্যে ব্যবহার করতে হবে।</li><li>ফ্রি বেটের জয় থেকে শুধু লাভ ওয়ালেটে যাবে।</li></ul>',
      en: '<h3>Bet on cricket, get a free bet</h3><p>Stake a total of ৳5,000 on any BPL match in a week and get a <strong>৳500 free bet</strong> the following Monday.</p><ul><li>Only bets at odds of 1.50 or more count.</li><li>The free bet must be used within 7 days.</li><li>Only the winnings of a free bet go to your wallet.</li></ul>',
    },
    images: [
      { sequence: 1, url: '/demo/promo-cricket.jpg' },
      { sequence: 2, url: '/demo/home-cricket.jpg' },
    ],
    publishedDaysAgo: 10,
  },
  {
    type: 'PR',
    title: { bn: 'বন্ধুকে আমন্ত্রণ জানান, পান ৳৩০০', en: 'Refer a friend and get ৳300' },
    content: {
      bn: '<h3>একসাথে খেলুন, একসাথে জিতুন</h3><p>আপনার রেফারেল লিংক দিয়ে যোগ দেওয়া প্রতিটি বন্ধু ৳১,০০০ ডিপোজিট করে ৳৫,০০০ টার্নওভার পূর্ণ করলে আপনি পাবেন <strong>৳৩০০</strong>।</p><ul><li>রেফারেল লিংক সদস্য কেন্দ্রের রেফার অ্যান্ড আর্ন পাতায় পাবেন।</li><li>যত বন্ধু, তত বোনাস; কোনো সীমা নেই।</li><li>একই পরিবার বা ডিভাইসের অ্যাকাউন্ট গণ্য হবে না।</li></ul>',
      en: '<h3>Play together, win together</h3><p>For every friend who joins through your referral link, deposits ৳1,000 and reaches ৳5,000 of turnover, you get <strong>৳300</strong>.</p><ul><li>Your referral link is on the Refer and Earn page of the member centre.</li><li>No limit: the more friends, the more bonus.</li><li>Accounts of the same household or device do not count.</li></ul>',
    },
    images: [{ sequence: 1, url: '/demo/promo-referral.jpg' }],
    publishedDaysAgo: 15,
  },
];

const ANNOUNCEMENTS: AnnouncementSeed[] = [
  {
    type: 'H',
    title: { bn: 'নির্ধারিত রক্ষণাবেক্ষণ', en: 'Scheduled maintenance' },
    content: {
      bn: '<p>সেবার মান উন্নত করতে প্রতি মঙ্গলবার রাত ২টা থেকে ৪টা (বাংলাদেশ সময়) পর্যন্ত কিছু গেম সাময়িকভাবে বন্ধ থাকতে পারে। এ সময়ে আপনার ব্যালেন্স সম্পূর্ণ নিরাপদ থাকবে।</p>',
      en: '<p>To improve our service, some games may be briefly unavailable every Tuesday from 2:00 to 4:00 am (Bangladesh time). Your balance stays completely safe during this time.</p>',
    },
    publishedDaysAgo: 4,
  },
  {
    type: 'H',
    title: { bn: 'নতুন পেমেন্ট পদ্ধতি: রকেট', en: 'New payment method: Rocket' },
    content: {
      bn: '<p>বিকাশ ও নগদের পাশাপাশি এখন <strong>রকেট</strong> দিয়েও ডিপোজিট ও উত্তোলন করা যাবে। ন্যূনতম ডিপোজিট ৳২০০, ন্যূনতম উত্তোলন ৳৫০০।</p><p>বিস্তারিত জানতে <a href="/help#deposit" rel="noopener noreferrer">ডিপোজিট গাইড</a> দেখুন।</p>',
      en: '<p>Alongside bKash and Nagad, you can now deposit and withdraw with <strong>Rocket</strong>. Minimum deposit ৳200, minimum withdrawal ৳500.</p><p>See the <a href="/help#deposit" rel="noopener noreferrer">deposit guide</a> for details.</p>',
    },
    publishedDaysAgo: 6,
  },
  {
    type: 'H',
    title: { bn: 'দায়িত্বশীল খেলার নতুন সুবিধা', en: 'New responsible-gaming tools' },
    content: {
      bn: '<p>এখন নিরাপত্তা কেন্দ্র থেকে দৈনিক, সাপ্তাহিক বা মাসিক ডিপোজিট সীমা এবং বিরতি নিজেই ঠিক করতে পারবেন। খেলা আনন্দের জন্য, আয়ের উৎস নয়।</p><p><a href="/help#responsible-gaming" rel="noopener noreferrer">দায়িত্বশীল খেলা সম্পর্কে জানুন</a></p>',
      en: '<p>You can now set your own daily, weekly or monthly deposit limits and take a break from the security centre. Play for fun, not as a source of income.</p><p><a href="/help#responsible-gaming" rel="noopener noreferrer">Learn about responsible gaming</a></p>',
    },
    publishedDaysAgo: 8,
  },
];

interface HelpSeed {
  tag: string;
  title: LocalizedText;
  content: LocalizedText;
}

const HELP_ARTICLES: HelpSeed[] = [
  {
    tag: 'about',
    title: { bn: 'আমাদের সম্পর্কে', en: 'About us' },
    content: {
      bn: '<h2>খেলা সম্পর্কে</h2><p>খেলা বাংলাদেশের খেলোয়াড়দের জন্য তৈরি একটি অনলাইন গেমিং প্ল্যাটফর্ম। এখানে ক্রিকেট ও ফুটবল বেটিং, লাইভ ক্যাসিনো, স্লট, ফিশিং, কার্ড গেম ও লটারি এক জায়গায় পাবেন।</p><h3>কেন খেলা</h3><ul><li>বাংলা ও ইংরেজি দুই ভাষায় পুরো সাইট।</li><li>বিকাশ, নগদ ও রকেটে দ্রুত লেনদেন।</li><li>প্রতিটি ইন-হাউস গেম প্রমাণযোগ্যভাবে ন্যায্য।</li><li>২৪ ঘণ্টা গ্রাহক সেবা।</li></ul><p>খেলতে হলে আপনার বয়স অন্তত ১৮ বছর হতে হবে।</p>',
      en: '<h2>About Khela</h2><p>Khela is an online gaming platform built for players in Bangladesh. Cricket and football betting, live casino, slots, fishing, card games and lotteries are all in one place.</p><h3>Why Khela</h3><ul><li>The whole site in Bengali and English.</li><li>Fast payments with bKash, Nagad and Rocket.</li><li>Every in-house game is provably fair.</li><li>Customer service around the clock.</li></ul><p>You must be at least 18 years old to play.</p>',
    },
  },
  {
    tag: 'deposit',
    title: { bn: 'কীভাবে ডিপোজিট করবেন', en: 'How to deposit' },
    content: {
      bn: '<h2>ডিপোজিট</h2><ol><li>লগ ইন করে উপরের <strong>ডিপোজিট</strong> বোতামে চাপুন।</li><li>বিকাশ, নগদ বা রকেট বেছে নিন এবং পরিমাণ লিখুন।</li><li>দেখানো নম্বরে সেন্ড মানি বা ক্যাশ আউট করুন।</li><li>লেনদেনের ট্রানজেকশন আইডি (TrxID) লিখে জমা দিন।</li></ol><table><thead><tr><th>পদ্ধতি</th><th>ন্যূনতম</th><th>সর্বোচ্চ</th><th>সময়</th></tr></thead><tbody><tr><td>বিকাশ</td><td>৳২০০</td><td>৳২৫,০০০</td><td>১-৫ মিনিট</td></tr><tr><td>নগদ</td><td>৳২০০</td><td>৳২৫,০০০</td><td>১-৫ মিনিট</td></tr><tr><td>রকেট</td><td>৳২০০</td><td>৳২০,০০০</td><td>৫-১০ মিনিট</td></tr></tbody></table><p>প্রতিবার ডিপোজিটের আগে নম্বরটি আবার দেখে নিন; নম্বর বদলাতে পারে।</p>',
      en: '<h2>Deposits</h2><ol><li>Log in and press the <strong>Deposit</strong> button at the top.</li><li>Choose bKash, Nagad or Rocket and enter the amount.</li><li>Send money or cash out to the number shown.</li><li>Enter the transaction ID (TrxID) of the payment and submit.</li></ol><table><thead><tr><th>Method</th><th>Minimum</th><th>Maximum</th><th>Time</th></tr></thead><tbody><tr><td>bKash</td><td>৳200</td><td>৳25,000</td><td>1-5 minutes</td></tr><tr><td>Nagad</td><td>৳200</td><td>৳25,000</td><td>1-5 minutes</td></tr><tr><td>Rocket</td><td>৳200</td><td>৳20,000</td><td>5-10 minutes</td></tr></tbody></table><p>Check the number again before every deposit; it can change.</p>',
    },
  },
  {
    tag: 'withdrawal',
    title: { bn: 'কীভাবে টাকা তুলবেন', en: 'How to withdraw' },
    content: {
      bn: '<h2>উত্তোলন</h2><ol><li>সদস্য কেন্দ্রে আপনার বিকাশ, নগদ বা রকেট অ্যাকাউন্ট যোগ করুন। অ্যাকাউন্টের নাম আপনার নিবন্ধিত নামের সাথে মিলতে হবে।</li><li><strong>উত্তোলন</strong> পাতায় পরিমাণ লিখে পেমেন্ট পাসওয়ার্ড দিন।</li><li>অনুমোদনের পর সাধারণত ৩০ মিনিটের মধ্যে টাকা পৌঁছে যায়।</li></ol><ul><li>ন্যূনতম উত্তোলন ৳৫০০, দিনে সর্বোচ্চ ৳১,০০,০০০।</li><li>চলমান বোনাসের টার্নওভার পূর্ণ না হলে উত্তোলন করা যাবে না।</li><li>টাকা পেয়ে গেলে উত্তোলন রসিদে প্রাপ্তি নিশ্চিত করুন।</li></ul>',
      en: '<h2>Withdrawals</h2><ol><li>Add your bKash, Nagad or Rocket account in the member centre. The account name must match your registered name.</li><li>On the <strong>Withdraw</strong> page, enter the amount and your payment password.</li><li>After approval, the money usually arrives within 30 minutes.</li></ol><ul><li>Minimum withdrawal ৳500, at most ৳100,000 a day.</li><li>You cannot withdraw until the turnover of an active bonus is complete.</li><li>Once the money arrives, confirm receipt on the withdrawal receipt.</li></ul>',
    },
  },
  {
    tag: 'faq',
    title: { bn: 'সাধারণ জিজ্ঞাসা', en: 'Frequently asked questions' },
    content: {
      bn: '<h2>সাধারণ জিজ্ঞাসা</h2><h3>পাসওয়ার্ড ভুলে গেছি, কী করব?</h3><p>লগ ইন উইন্ডোতে পাসওয়ার্ড ভুলে গেছেন লিংকে চাপুন এবং মোবাইল নম্বরে পাঠানো কোড দিয়ে নতুন পাসওয়ার্ড দিন।</p><h3>ডিপোজিট এখনও আসেনি।</h3><p>১৫ মিনিটের বেশি দেরি হলে ট্রানজেকশন আইডিসহ লাইভ চ্যাটে যোগাযোগ করুন।</p><h3>একাধিক অ্যাকাউন্ট খোলা যাবে?</h3><p>না। প্রতি ব্যক্তি, মোবাইল নম্বর ও ডিভাইসে একটি অ্যাকাউন্ট।</p><h3>মোবাইল অ্যাপ কোথায় পাব?</h3><p>সাইড মেনুর কিউআর কোড স্ক্যান করে অ্যান্ড্রয়েড বা আইফোন অ্যাপ নামান।</p>',
      en: '<h2>Frequently asked questions</h2><h3>I forgot my password. What do I do?</h3><p>Press the forgot-password link in the login window and set a new password with the code sent to your mobile number.</p><h3>My deposit has not arrived.</h3><p>If it takes more than 15 minutes, contact live chat with the transaction ID.</p><h3>Can I open more than one account?</h3><p>No. One account per person, mobile number and device.</p><h3>Where do I get the mobile app?</h3><p>Scan the QR code in the side menu to download the Android or iPhone app.</p>',
    },
  },
  {
    tag: 'responsible-gaming',
    title: { bn: 'দায়িত্বশীল খেলা', en: 'Responsible gaming' },
    content: {
      bn: '<h2>দায়িত্বশীল খেলা</h2><p>খেলা বিনোদনের জন্য। কখনও এমন টাকা দিয়ে খেলবেন না যা হারানোর সামর্থ্য আপনার নেই।</p><h3>নিজেকে নিয়ন্ত্রণে রাখার উপায়</h3><ul><li>খেলার আগে সময় ও বাজেট ঠিক করুন।</li><li>লোকসান পুষিয়ে নিতে বাজি বাড়াবেন না।</li><li>নিরাপত্তা কেন্দ্রে ডিপোজিট সীমা বা বিরতি চালু করুন।</li></ul><h3>সতর্ক সংকেত</h3><ul><li>পরিকল্পনার চেয়ে বেশি সময় বা টাকা খরচ করছেন।</li><li>খেলার জন্য ধার করছেন বা জরুরি খরচ বাদ দিচ্ছেন।</li></ul><p>১৮ বছরের কম বয়সীদের জন্য খেলা সম্পূর্ণ নিষিদ্ধ। সাহায্য দরকার হলে গ্রাহক সেবায় যোগাযোগ করুন; আমরা আপনার অ্যাকাউন্ট সাময়িক বা স্থায়ীভাবে বন্ধ করে দিতে পারি।</p>',
      en: '<h2>Responsible gaming</h2><p>Gaming is entertainment. Never play with money you cannot afford to lose.</p><h3>Staying in control</h3><ul><li>Set a time and a budget before you play.</li><li>Do not raise your stakes to win back losses.</li><li>Turn on a deposit limit or a break in the security centre.</li></ul><h3>Warning signs</h3><ul><li>You spend more time or money than you planned.</li><li>You borrow to play or skip essential expenses.</li></ul><p>Play is strictly forbidden for anyone under 18. If you need help, contact customer service; we can close your account for a while or for good.</p>',
    },
  },
  {
    tag: 'terms',
    title: { bn: 'শর্তাবলি', en: 'Terms and conditions' },
    content: {
      bn: '<h2>শর্তাবলি</h2><ol><li><strong>যোগ্যতা:</strong> অ্যাকাউন্ট খুলতে বয়স অন্তত ১৮ বছর হতে হবে এবং আপনার এলাকার আইন মেনে চলা আপনার দায়িত্ব।</li><li><strong>অ্যাকাউন্ট:</strong> প্রতি ব্যক্তির একটি অ্যাকাউন্ট; তথ্য সঠিক ও হালনাগাদ রাখতে হবে।</li><li><strong>বাজি:</strong> নিশ্চিত হওয়া বাজি বাতিল করা যায় না। স্পষ্ট ত্রুটিপূর্ণ অডসের বাজি বাতিল হতে পারে।</li><li><strong>বোনাস:</strong> প্রতিটি বোনাসের নিজস্ব শর্ত আছে; অপব্যবহার করলে বোনাস ও তার জয় বাতিল হবে।</li><li><strong>দায়:</strong> স্থানীয় আইন লঙ্ঘনের জন্য প্ল্যাটফর্ম দায়ী নয়।</li></ol><p>শর্তাবলি পরিবর্তন হলে সাইটে ঘোষণা দেওয়া হবে।</p>',
      en: '<h2>Terms and conditions</h2><ol><li><strong>Eligibility:</strong> you must be at least 18 to open an account, and you are responsible for following the law where you live.</li><li><strong>Accounts:</strong> one account per person; keep your details correct and up to date.</li><li><strong>Bets:</strong> a confirmed bet cannot be cancelled. Bets at obviously wrong odds may be voided.</li><li><strong>Bonuses:</strong> every bonus has its own terms; abuse voids the bonus and its winnings.</li><li><strong>Liability:</strong> the operator is not liable for breaches of local law.</li></ol><p>Changes to these terms are announced on the site.</p>',
    },
  },
  {
    tag: 'privacy',
    title: { bn: 'গোপনীয়তা নীতি', en: 'Privacy policy' },
    content: {
      bn: '<h2>গোপনীয়তা নীতি</h2><p>আমরা শুধু সেবা দেওয়ার জন্য প্রয়োজনীয় তথ্য সংগ্রহ করি: নাম, মোবাইল নম্বর, ইমেল, লেনদেন ও খেলার ইতিহাস।</p><h3>তথ্য কীভাবে ব্যবহার হয়</h3><ul><li>অ্যাকাউন্ট যাচাই ও লেনদেন সম্পন্ন করতে।</li><li>প্রতারণা ও অপ্রাপ্তবয়স্কদের খেলা ঠেকাতে।</li><li>আপনার অনুমতি থাকলে অফারের খবর পাঠাতে।</li></ul><p>পাসওয়ার্ড এনক্রিপ্ট করে রাখা হয় এবং আমাদের কর্মীরাও তা দেখতে পারেন না। আইনগত প্রয়োজন ছাড়া আপনার তথ্য কারও কাছে বিক্রি বা হস্তান্তর করা হয় না।</p>',
      en: '<h2>Privacy policy</h2><p>We collect only what we need to serve you: name, mobile number, email, transactions and game history.</p><h3>How your data is used</h3><ul><li>To verify your account and complete payments.</li><li>To prevent fraud and play by minors.</li><li>To send you news of offers, when you allow it.</li></ul><p>Passwords are stored encrypted and not even our staff can see them. Your data is never sold or handed to anyone except where the law requires it.</p>',
    },
  },
];

const CUSTOMER_SERVICE = [
  {
    csType: 'LIVECHAT',
    title: { bn: '২৪/৭ লাইভ চ্যাট', en: '24/7 live chat' },
    url: 'https://support.khela.example/chat',
  },
  {
    csType: 'WHATSAPP',
    title: { bn: 'হোয়াটসঅ্যাপে লিখুন', en: 'Message us on WhatsApp' },
    url: 'https://wa.me/8801000000000',
  },
  {
    csType: 'TELEGRAM',
    title: { bn: 'টেলিগ্রাম সাপোর্ট', en: 'Telegram support' },
    url: 'https://t.me/khela_demo_support',
  },
  {
    csType: 'FACEBOOK',
    title: { bn: 'ফেসবুক মেসেঞ্জার', en: 'Facebook Messenger' },
    url: 'https://m.me/khela.demo',
  },
] as const;

const RESOURCES = [
  {
    resourceType: 'Android',
    url: '/downloads/khela-android.apk',
    label: { bn: 'অ্যান্ড্রয়েড অ্যাপ', en: 'Android app' },
  },
  { resourceType: 'IOS', url: '/downloads/khela-ios.ipa', label: { bn: 'আইফোন অ্যাপ', en: 'iPhone app' } },
  {
    resourceType: 'MOBILECONFIG',
    url: '/downloads/khela.mobileconfig',
    label: { bn: 'আইফোন লাইট', en: 'iPhone lite' },
  },
  { resourceType: 'FACEBOOK', url: 'https://www.facebook.com/khela.demo', label: { bn: 'ফেসবুক', en: 'Facebook' } },
  { resourceType: 'TELEGRAM', url: 'https://t.me/khela_demo', label: { bn: 'টেলিগ্রাম', en: 'Telegram' } },
  { resourceType: 'YOUTUBE', url: 'https://www.youtube.com/@khela.demo', label: { bn: 'ইউটিউব', en: 'YouTube' } },
] as const;

/** Every group, type and list above, written for one merchant. */
export const DEMO_CONTENT = {
  banners: BANNERS,
  announcements: [...MARQUEE, ...POPUPS, ...PROMOTIONS, ...ANNOUNCEMENTS],
  helpArticles: HELP_ARTICLES,
  customerService: CUSTOMER_SERVICE,
  resources: RESOURCES,
};

/** Demo site content in bn and en: banners, notices, popups, help, customer service, downloads. */
export async function seedSiteContent(db: Db, merchantId: number): Promise<void> {
  const sequenceIn = <T>(items: readonly T[], group: (item: T) => string) => {
    const counts = new Map<string, number>();
    return items.map((item) => {
      const next = (counts.get(group(item)) ?? 0) + 1;
      counts.set(group(item), next);
      return next;
    });
  };

  const bannerSequence = sequenceIn(BANNERS, (b) => b.group);
  await db
    .insertInto('banners')
    .values(
      BANNERS.map((banner, i) => ({
        merchant_id: merchantId,
        group_name: banner.group,
        title: JSON.stringify(banner.title),
        url: banner.url,
        linkage: banner.linkage ?? '',
        linkage_type: banner.linkageType ?? 'NONE',
        video: banner.video ?? false,
        sequence: bannerSequence[i],
      })),
    )
    .execute();

  const announcements = DEMO_CONTENT.announcements;
  const announcementSequence = sequenceIn(announcements, (a) => a.type);
  await db
    .insertInto('announcements')
    .values(
      announcements.map((announcement, i) => ({
        merchant_id: merchantId,
        type: announcement.type,
        title: JSON.stringify(announcement.title),
        content: JSON.stringify(announcement.content),
        execution: announcement.execution ?? null,
        images: JSON.stringify(announcement.images ?? []),
        sequence: announcementSequence[i],
        published_at: daysAgo(announcement.publishedDaysAgo),
      })),
    )
    .execute();

  await db
    .insertInto('help_articles')
    .values(
      HELP_ARTICLES.map((article, i) => ({
        merchant_id: merchantId,
        tag: article.tag,
        title: JSON.stringify(article.title),
        content: JSON.stringify(article.content),
        sequence: i + 1,
      })),
    )
    .execute();

  await db
    .insertInto('customer_service')
    .values(
      CUSTOMER_SERVICE.map((cs, i) => ({
        merchant_id: merchantId,
        cs_type: cs.csType,
        title: JSON.stringify(cs.title),
        url: cs.url,
        sequence: i + 1,
      })),
    )
    .execute();

  await db
    .insertInto('resources')
    .values(
      RESOURCES.map((resource) => ({
        merchant_id: merchantId,
        resource_type: resource.resourceType,
        url: resource.url,
        label: JSON.stringify(resource.label),
      })),
    )
    .execute();
}
