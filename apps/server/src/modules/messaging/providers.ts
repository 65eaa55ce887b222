import type { Db } from '../../db/database.ts';

export interface SmsMessage {
  merchantId: number;
  /** E.164, e.g. +8801712345678 (see `toE164`). */
  to: string;
  text: string;
}

export interface EmailMessage {
  merchantId: number;
  to: string;
  subject: string;
  body: string;
}

/** Sends text messages. Production plugs in a gateway; the default writes the outbox table. */
export interface SmsProvider {
  send(message: SmsMessage): Promise<void>;
}

/** Sends e-mail. Production plugs in a mail service; the default writes the outbox table. */
export interface EmailProvider {
  send(message: EmailMessage): Promise<void>;
}

export const DEFAULT_DIALING_CODE = '880';

/**
 * The international form of a number kept as members keep it (national number plus dialing
 * code): the trunk 0 of the national form is dropped (01712345678 → +8801712345678).
 */
export function toE164(dialingCode: string, mobile: string): string {
  return `+${dialingCode.replace(/^\+/, '')}${mobile.replace(/^0+/, '')}`;
}

/** The default providers: every message lands in `outbound_messages` (read at GET /dev/outbox). */
export function outboxProviders(db: Db): { sms: SmsProvider; email: EmailProvider } {
  return {
    sms: {
      async send({ merchantId, to, text }) {
        await db
          .insertInto('outbound_messages')
          .values({ merchant_id: merchantId, channel: 'sms', destination: to, subject: null, body: text })
          .execute();
      },
    },
    email: {
      async send({ merchantId, to, subject, body }) {
        await db
          .insertInto('outbound_messages')
          .values({ merchant_id: merchantId, channel: 'email', destination: to.toLowerCase(), subject, body })
          .execute();
      },
    },
  };
}
