import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

type Text = { bn: string; en: string };

interface DemoArticle {
  category: 'blog' | 'news';
  slug: string;
  title: Text;
  summary: Text;
  content: Text;
  daysAgo: number;
}

const body = (bn: string[], en: string[]): Text => ({
  bn: bn.map((p) => `<p>${p}</p>`).join(''),
  en: en.map((p) => `<p>${p}</p>`).join(''),
});

/** Demo articles (issue 14 item 8): four blog posts and four news items, newest first per category. */
export const DEMO_ARTICLES: readonly DemoArticle[] = [
  {
    category: 'blog',
    slug: 'responsible-play-basics',
    title: { bn: 'দায়িত্বশীল খেলার মূল কথা', en: 'The basics of responsible play' },
    summary: {
      bn: 'বাজেট ঠিক করুন, বিরতি নিন, আর খেলাকে বিনোদন হিসেবেই রাখুন।',
      en: 'Set a budget, take breaks and keep play what it is: entertainment.',
    },
    content: body(
      [
        'খেলা শুরু করার আগে একটি বাজেট ঠিক করুন এবং সেটি মেনে চলুন।',
        'নিয়মিত বিরতি নিন। হার পুষিয়ে নিতে কখনো বাজি বাড়াবেন না।',
        'প্রয়োজনে নিরাপত্তা কেন্দ্র থেকে কুলিং-অফ বা স্ব-বর্জন চালু করুন।',
      ],
      [
        'Before you play, set a budget and stick to it.',
        'Take regular breaks. Never raise your stakes to win back what you lost.',
        'If you need to, turn on a cooling-off period or self-exclusion in the security centre.',
      ],
    ),
    daysAgo: 2,
  },
  {
    category: 'blog',
    slug: 'understanding-turnover',
    title: { bn: 'টার্নওভার কী এবং কেন জরুরি', en: 'What turnover is and why it matters' },
    summary: {
      bn: 'বোনাস তোলার আগে কত টাকা বাজি ধরতে হয়, সহজ ভাষায়।',
      en: 'How much you need to bet before a bonus can be withdrawn, in plain words.',
    },
    content: body(
      [
        'টার্নওভার হলো আপনার বৈধ বাজির মোট পরিমাণ।',
        'প্রতিটি বোনাসের সাথে একটি টার্নওভার শর্ত থাকে; শর্ত পূরণ হলে উত্তোলন করা যায়।',
      ],
      [
        'Turnover is the total of your valid bets.',
        'Every bonus comes with a turnover requirement; once it is met, you can withdraw.',
      ],
    ),
    daysAgo: 6,
  },
  {
    category: 'blog',
    slug: 'cricket-betting-guide',
    title: { bn: 'ক্রিকেট বাজির সহজ গাইড', en: 'A simple guide to cricket betting' },
    summary: {
      bn: 'ম্যাচ উইনার থেকে ওভার/আন্ডার: সাধারণ বাজিগুলো চিনে নিন।',
      en: 'From match winner to over/under: get to know the common markets.',
    },
    content: body(
      [
        'ম্যাচ উইনার সবচেয়ে সহজ বাজি: কোন দল জিতবে তা বেছে নিন।',
        'ওভার/আন্ডারে মোট রান একটি সীমার বেশি না কম হবে, তা অনুমান করুন।',
      ],
      [
        'Match winner is the simplest market: pick the team that wins.',
        'With over/under you guess whether the total runs land above or below a line.',
      ],
    ),
    daysAgo: 11,
  },
  {
    category: 'blog',
    slug: 'provably-fair-explained',
    title: { bn: 'প্রমাণযোগ্য ন্যায্যতা কীভাবে কাজ করে', en: 'How provably fair works' },
    summary: {
      bn: 'আমাদের নিজস্ব গেমের প্রতিটি ফল আপনি নিজেই যাচাই করতে পারেন।',
      en: 'You can check every result of our own games yourself.',
    },
    content: body(
      ['প্রতিটি রাউন্ডের আগে সার্ভার সিডের হ্যাশ প্রকাশ করা হয়।', 'রাউন্ড শেষে সিড প্রকাশ হলে যাচাই পাতায় ফলটি মিলিয়ে দেখুন।'],
      [
        "Before each round the server seed's hash is published.",
        'Once the seed is revealed, check the result on the verify page.',
      ],
    ),
    daysAgo: 20,
  },
  {
    category: 'news',
    slug: 'new-crash-game-live',
    title: { bn: 'নতুন ক্র্যাশ গেম এখন চালু', en: 'Our new crash game is live' },
    summary: {
      bn: 'সবার জন্য একই রাউন্ড, লাইভ মাল্টিপ্লায়ার আর যেকোনো সময় ক্যাশ আউট।',
      en: 'One shared round for everyone, a live multiplier and cash out at any moment.',
    },
    content: body(
      ['ক্র্যাশ এখন অরিজিনালস বিভাগে পাওয়া যাচ্ছে।', 'প্রতিটি রাউন্ড প্রমাণযোগ্যভাবে ন্যায্য।'],
      ['Crash is now in the Originals section.', 'Every round is provably fair.'],
    ),
    daysAgo: 1,
  },
  {
    category: 'news',
    slug: 'bkash-nagad-faster-deposits',
    title: { bn: 'বিকাশ ও নগদে আরও দ্রুত জমা', en: 'Faster deposits with bKash and Nagad' },
    summary: {
      bn: 'জমা এখন গড়ে এক মিনিটের মধ্যে আপনার ওয়ালেটে পৌঁছায়।',
      en: 'Deposits now reach your wallet within a minute on average.',
    },
    content: body(
      ['আমরা পেমেন্ট পার্টনারদের সাথে সংযোগ উন্নত করেছি।', 'কোনো সমস্যা হলে গ্রাহক সেবায় যোগাযোগ করুন।'],
      ['We improved our links with the payment partners.', 'If anything goes wrong, contact customer service.'],
    ),
    daysAgo: 4,
  },
  {
    category: 'news',
    slug: 'vip-ranks-launched',
    title: { bn: 'ভিআইপি র‍্যাঙ্ক চালু হলো', en: 'VIP ranks are here' },
    summary: {
      bn: 'মাসিক টার্নওভারে র‍্যাঙ্ক বাড়ান, পান প্রমোশন ও মাসিক বোনাস।',
      en: 'Climb the ranks with your monthly turnover and collect promotion and monthly bonuses.',
    },
    content: body(
      ['পাঁচটি র‍্যাঙ্ক: ব্রোঞ্জ থেকে ডায়মন্ড।', 'আপনার অগ্রগতি সদস্য কেন্দ্রের ভিআইপি পাতায় দেখুন।'],
      ['Five ranks: Bronze to Diamond.', 'Follow your progress on the VIP page of the member centre.'],
    ),
    daysAgo: 9,
  },
  {
    category: 'news',
    slug: 'maintenance-window-notice',
    title: { bn: 'নির্ধারিত রক্ষণাবেক্ষণের নোটিশ', en: 'Scheduled maintenance notice' },
    summary: {
      bn: 'সেবা উন্নত করতে রাত ২টা থেকে ৩টা পর্যন্ত সংক্ষিপ্ত রক্ষণাবেক্ষণ।',
      en: 'A short maintenance from 2 to 3 a.m. to improve the service.',
    },
    content: body(
      ['এই সময়ে লগ-ইন ও জমা সাময়িকভাবে বন্ধ থাকবে।', 'আপনার ব্যালান্স সম্পূর্ণ নিরাপদ থাকবে।'],
      ['Log-in and deposits pause during this time.', 'Your balance stays completely safe.'],
    ),
    daysAgo: 15,
  },
];

/**
 * Demo hosts: [name, online, viewers, tags]; avatars are /demo/host-<n>.svg. The tags are codes the
 * site shows in the member's language (web locales content `live.tags`): a host's topics and the
 * languages she speaks.
 */
export const DEMO_HOSTS: readonly [string, boolean, number, string[]][] = [
  ['Nusrat', true, 1284, ['cricket', 'bn']],
  ['Ayesha', true, 962, ['baccarat', 'en']],
  ['Tania', true, 515, ['slots', 'bn']],
  ['Mim', false, 0, ['roulette']],
  ['Riya', true, 208, ['chat', 'bn', 'en']],
  ['Sadia', false, 0, ['cricket']],
];

/**
 * Demo-only (issue 14 item 8): eight published articles with generated covers
 * (apps/web/public/demo/blog-<n>.svg, news-<n>.svg) and six live hosts with generated avatars.
 */
export async function seedContentDemo(db: Db, merchantId: number): Promise<void> {
  const counters = { blog: 0, news: 0 };
  await db
    .insertInto('content_articles')
    .values(
      DEMO_ARTICLES.map((article) => ({
        merchant_id: merchantId,
        category: article.category,
        slug: article.slug,
        title: JSON.stringify(article.title),
        summary: JSON.stringify(article.summary),
        content: JSON.stringify(article.content),
        cover_url: `/demo/${article.category}-${++counters[article.category]}.svg`,
        status: 'published' as const,
        published_at: sql<Date>`now() - make_interval(days => ${article.daysAgo})`,
      })),
    )
    .execute();
  await db
    .insertInto('live_hosts')
    .values(
      DEMO_HOSTS.map(([name, online, viewers, tags], i) => ({
        merchant_id: merchantId,
        name,
        avatar_url: `/demo/host-${i + 1}.svg`,
        online,
        viewers,
        tags: JSON.stringify(tags),
        sequence: i,
      })),
    )
    .execute();
}
