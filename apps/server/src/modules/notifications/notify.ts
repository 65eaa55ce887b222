import { sql } from 'kysely';
import { formatMinor } from '@khela/money';
import type { Db } from '../../db/database.ts';

/** §4: the money events a member is told about (inbox entry and a push over server-sent events). */
export const NOTIFICATION_KINDS = [
  'deposit.arrived',
  'deposit.approved',
  'deposit.rejected',
  'deposit.failed',
  'withdrawal.approved',
  'withdrawal.rejected',
  'withdrawal.paid',
  'withdrawal.failed',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export interface LocalizedText {
  bn: string;
  en: string;
}

export interface MemberNotification {
  merchantId: number;
  memberId: number;
  kind: NotificationKind;
  /** Ids of the business record; `amount` (minor units as a string) is shown in the text. */
  reference?: Record<string, unknown> & { amount?: string };
}

/** The event one member's open streams receive (ARCHITECTURE §4: the header balance listens). */
export interface MemberEvent {
  id: string;
  kind: NotificationKind;
  title: LocalizedText;
  body: LocalizedText;
  reference: Record<string, unknown>;
  balanceChanged: true;
}

/** PostgreSQL LISTEN/NOTIFY channel that carries member events to every instance. */
export const MEMBER_EVENTS_CHANNEL = 'khela_member_events';
/** NOTIFY payloads must stay under 8000 bytes; a larger event is sent by id and read back. */
const MAX_INLINE_PAYLOAD = 7000;

const TEXTS: Record<NotificationKind, { title: LocalizedText; body: (amount: LocalizedText) => LocalizedText }> = {
  'deposit.arrived': {
    title: { bn: 'জমার অনুরোধ পাওয়া গেছে', en: 'Deposit received' },
    body: (a) => ({
      bn: `আপনার ${a.bn}জমার অনুরোধ পাওয়া গেছে এবং যাচাই করা হচ্ছে।`,
      en: `Your deposit ${a.en}has been received and is being checked.`,
    }),
  },
  'deposit.approved': {
    title: { bn: 'জমা অনুমোদিত', en: 'Deposit approved' },
    body: (a) => ({
      bn: `আপনার ${a.bn}জমা অনুমোদিত হয়েছে এবং ওয়ালেটে যোগ হয়েছে।`,
      en: `Your deposit ${a.en}has been approved and added to your wallet.`,
    }),
  },
  'deposit.rejected': {
    title: { bn: 'জমা প্রত্যাখ্যাত', en: 'Deposit rejected' },
    body: (a) => ({
      bn: `আপনার ${a.bn}জমা প্রত্যাখ্যান করা হয়েছে। বিস্তারিত জানতে গ্রাহক সেবায় যোগাযোগ করুন।`,
      en: `Your deposit ${a.en}has been rejected. Please contact customer service for details.`,
    }),
  },
  'deposit.failed': {
    title: { bn: 'জমা ব্যর্থ', en: 'Deposit failed' },
    body: (a) => ({
      bn: `আপনার ${a.bn}জমা সম্পন্ন হয়নি। আবার চেষ্টা করুন।`,
      en: `Your deposit ${a.en}could not be completed. Please try again.`,
    }),
  },
  'withdrawal.approved': {
    title: { bn: 'উত্তোলন অনুমোদিত', en: 'Withdrawal approved' },
    body: (a) => ({
      bn: `আপনার ${a.bn}উত্তোলন অনুমোদিত হয়েছে এবং শীঘ্রই পাঠানো হবে।`,
      en: `Your withdrawal ${a.en}has been approved and will be paid soon.`,
    }),
  },
  'withdrawal.rejected': {
    title: { bn: 'উত্তোলন প্রত্যাখ্যাত', en: 'Withdrawal rejected' },
    body: (a) => ({
      bn: `আপনার ${a.bn}উত্তোলন প্রত্যাখ্যান করা হয়েছে; অর্থ আপনার ওয়ালেটে ফেরত দেওয়া হয়েছে।`,
      en: `Your withdrawal ${a.en}has been rejected; the amount is back in your wallet.`,
    }),
  },
  'withdrawal.paid': {
    title: { bn: 'উত্তোলন পরিশোধিত', en: 'Withdrawal paid' },
    body: (a) => ({
      bn: `আপনার ${a.bn}উত্তোলন পাঠানো হয়েছে। টাকা পেয়েছেন কিনা নিশ্চিত করুন।`,
      en: `Your withdrawal ${a.en}has been paid. Please confirm whether you received it.`,
    }),
  },
  'withdrawal.failed': {
    title: { bn: 'উত্তোলন ব্যর্থ', en: 'Withdrawal failed' },
    body: (a) => ({
      bn: `আপনার ${a.bn}উত্তোলন সম্পন্ন হয়নি; অর্থ আপনার ওয়ালেটে ফেরত দেওয়া হয়েছে।`,
      en: `Your withdrawal ${a.en}could not be completed; the amount is back in your wallet.`,
    }),
  },
};

/** "৳1,250.00 " style amount fragment, or nothing when the reference carries no valid amount. */
function amountFragment(reference: MemberNotification['reference']): LocalizedText {
  const raw = reference?.amount;
  if (typeof raw !== 'string' || !/^\d{1,19}$/.test(raw)) return { bn: '', en: '' };
  const formatted = formatMinor(BigInt(raw));
  return { bn: `৳${formatted} `, en: `of ৳${formatted} ` };
}

export function notificationTexts(kind: NotificationKind, reference: MemberNotification['reference']) {
  const texts = TEXTS[kind];
  return { title: texts.title, body: texts.body(amountFragment(reference)) };
}

/**
 * Writes the member's inbox entry with the caller's database (pass the transaction of the
 * deposit or withdrawal change, so the entry commits with it or not at all) and announces it
 * with pg_notify, which PostgreSQL delivers only when that transaction commits.
 */
export async function notifyMember(db: Db, notification: MemberNotification): Promise<{ id: bigint }> {
  const { merchantId, memberId, kind } = notification;
  const reference = notification.reference ?? {};
  const { title, body } = notificationTexts(kind, reference);
  const row = await db
    .insertInto('member_inbox')
    .values({
      merchant_id: merchantId,
      member_id: memberId,
      kind,
      title: JSON.stringify(title),
      body: JSON.stringify(body),
      reference: JSON.stringify(reference),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const event: MemberEvent = { id: row.id.toString(), kind, title, body, reference, balanceChanged: true };
  const inline = JSON.stringify({ memberId, event });
  const payload =
    Buffer.byteLength(inline) <= MAX_INLINE_PAYLOAD ? inline : JSON.stringify({ memberId, inboxId: event.id });
  await sql`SELECT pg_notify(${MEMBER_EVENTS_CHANNEL}, ${payload})`.execute(db);
  return { id: row.id };
}
