import type { Db } from '../db/database.ts';
import { sanitizeLocalizedRichText } from '../modules/admin/content/rich-text.ts';

const DAY = 86_400_000;

/**
 * Demo-only (issue 14 items 1–2): four real promotions — a first deposit doubled up to ৳5,000 with
 * 5× turnover, a daily check-in, a weekly bet-volume bonus on slots and a new-member sign-up bonus
 * that the operator approves.
 */
export async function seedPromotionDemo(db: Db, merchantId: number): Promise<void> {
  const startsAt = new Date(Date.now() - DAY);
  const row = (
    values: Record<string, unknown> & { title: { bn: string; en: string }; body: { bn: string; en: string } },
  ) => ({
    merchant_id: merchantId,
    starts_at: startsAt,
    ends_at: null,
    image_url: null,
    reward_amount: null,
    reward_rate_bp: null,
    reward_cap: null,
    ...values,
    title: JSON.stringify(values.title),
    body: JSON.stringify(sanitizeLocalizedRichText(values.body)),
  });
  await db
    .insertInto('promotions')
    .values([
      row({
        category: 'deposit',
        title: { en: 'First deposit 100% bonus up to ৳5,000', bn: 'প্রথম ডিপোজিটে ১০০% বোনাস, সর্বোচ্চ ৳৫,০০০' },
        body: {
          en: '<p>Join, then make your <strong>first deposit</strong> of at least ৳200: we double it, up to ৳5,000.</p><ul><li>Wager the bonus 5× before you withdraw it.</li><li>One bonus per member, device and payment account.</li></ul>',
          bn: '<p>যোগ দিন, তারপর কমপক্ষে ৳২০০ <strong>প্রথম ডিপোজিট</strong> করুন: আমরা তা দ্বিগুণ করব, সর্বোচ্চ ৳৫,০০০।</p><ul><li>উত্তোলনের আগে বোনাসের ৫ গুণ বাজি ধরুন।</li><li>প্রতি সদস্য, ডিভাইস ও পেমেন্ট অ্যাকাউন্টে একটি বোনাস।</li></ul>',
        },
        trigger: 'deposit',
        reward_kind: 'percent',
        reward_rate_bp: 10_000,
        reward_cap: 500_000n,
        min_basis: 20_000n,
        turnover_multiple: 5,
        period: 'once',
        max_deposit_count: 0,
        one_per_device: true,
        one_per_payment_account: true,
        sort: 1,
      }),
      row({
        category: 'others',
        title: { en: 'Daily check-in: ৳10 every day', bn: 'দৈনিক চেক-ইন: প্রতিদিন ৳১০' },
        body: {
          en: '<p>Check in once a day and get <strong>৳10</strong> at once. Wager it once before you withdraw it.</p>',
          bn: '<p>দিনে একবার চেক-ইন করুন এবং সঙ্গে সঙ্গে <strong>৳১০</strong> পান। উত্তোলনের আগে একবার বাজি ধরুন।</p>',
        },
        trigger: 'check_in',
        reward_kind: 'fixed',
        reward_amount: 1_000n,
        turnover_multiple: 1,
        period: 'daily',
        sort: 2,
      }),
      row({
        category: 'slots',
        title: { en: 'Weekly slots bonus: 1% of your bets', bn: 'সাপ্তাহিক স্লট বোনাস: বাজির ১%' },
        body: {
          en: '<p>Join this week and get <strong>1%</strong> of your valid bets back when the week ends (Monday to Sunday), up to ৳2,000.</p>',
          bn: '<p>এই সপ্তাহে যোগ দিন এবং সপ্তাহ শেষে (সোমবার থেকে রবিবার) আপনার বৈধ বাজির <strong>১%</strong> ফেরত পান, সর্বোচ্চ ৳২,০০০।</p>',
        },
        trigger: 'bet_volume',
        reward_kind: 'percent',
        reward_rate_bp: 100,
        reward_cap: 200_000n,
        turnover_multiple: 1,
        period: 'weekly',
        sort: 3,
      }),
      row({
        category: 'newbie',
        title: { en: 'Welcome bonus ৳100 for new members', bn: 'নতুন সদস্যদের জন্য ৳১০০ স্বাগত বোনাস' },
        body: {
          en: '<p>New here? Claim <strong>৳100</strong> within 7 days of signing up. Our team approves each claim; wager it 3× before you withdraw it.</p>',
          bn: '<p>নতুন? সাইন আপের ৭ দিনের মধ্যে <strong>৳১০০</strong> দাবি করুন। আমাদের দল প্রতিটি দাবি অনুমোদন করে; উত্তোলনের আগে ৩ গুণ বাজি ধরুন।</p>',
        },
        trigger: 'sign_up',
        reward_kind: 'fixed',
        reward_amount: 10_000n,
        turnover_multiple: 3,
        requires_approval: true,
        new_member_days: 7,
        period: 'once',
        sort: 4,
      }),
    ] as never)
    .execute();
}
