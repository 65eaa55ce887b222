import { request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_EVENT_STREAMS_MAX } from '@khela/contracts';
import { notifyMember } from '../../src/modules/notifications/notify.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, type WalletMember } from '../wallet/helpers.ts';

const INBOX = '/wps/member/inbox';
const READ = '/wps/member/inbox/read';
const EVENTS = '/wps/member/events';

interface InboxEntry {
  id: string;
  kind: string;
  title: string;
  body: string;
  reference: Record<string, string>;
  read: boolean;
  createdAt: string;
}
interface Inbox {
  list: InboxEntry[];
  total: number;
  pageNo: number;
  pageSize: number;
  unread: number;
}
interface StreamEvent {
  event: string;
  id?: string;
  data: Record<string, unknown>;
}

let t: TestApp;
let merchantId: number;
beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
});
afterAll(() => t.close());

/** An open text/event-stream read the way the browser does it: a GET with the Authorization header. */
interface OpenStream {
  status: number;
  contentType: string;
  events: StreamEvent[];
  comments: string[];
  ended: Promise<void>;
  nextEvent(timeoutMs?: number): Promise<StreamEvent>;
  close(): void;
}

function openStream(headers: Record<string, string>): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const onResponse = (res: IncomingMessage) => {
      const events: StreamEvent[] = [];
      const comments: string[] = [];
      const waiters: ((event: StreamEvent) => void)[] = [];
      let buffer = '';
      let connected = false;
      let markEnded: () => void;
      const ended = new Promise<void>((r) => (markEnded = r));
      const stream: OpenStream = {
        status: res.statusCode ?? 0,
        contentType: String(res.headers['content-type'] ?? ''),
        events,
        comments,
        ended,
        nextEvent(timeoutMs = 1000) {
          const ready = events.shift();
          if (ready) return Promise.resolve(ready);
          return new Promise((resolveEvent, rejectEvent) => {
            const waiter = (event: StreamEvent) => {
              clearTimeout(timer);
              resolveEvent(event);
            };
            const timer = setTimeout(() => {
              waiters.splice(waiters.indexOf(waiter), 1);
              rejectEvent(new Error('no event within the time limit'));
            }, timeoutMs);
            waiters.push(waiter);
          });
        },
        close: () => req.destroy(),
      };
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = Object.fromEntries(
            block
              .split('\n')
              .filter((line) => !line.startsWith(':'))
              .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
          ) as Record<string, string>;
          if (block.startsWith(':')) {
            comments.push(block.slice(2));
            if (!connected) {
              connected = true;
              resolve(stream);
            }
            continue;
          }
          const event: StreamEvent = {
            event: fields.event ?? 'message',
            ...(fields.id ? { id: fields.id } : {}),
            data: JSON.parse(fields.data ?? '{}') as Record<string, unknown>,
          };
          const waiter = waiters.shift();
          if (waiter) waiter(event);
          else events.push(event);
        }
      });
      res.on('close', () => markEnded());
      if (res.statusCode !== 200) {
        let text = '';
        res.on('data', (c: string) => (text += c));
        res.on('end', () => {
          Object.assign(stream, { body: text });
          resolve(stream);
        });
      }
    };
    const req: ClientRequest = httpRequest(
      new URL(EVENTS, t.baseUrl),
      { headers: { Language: 'en', ...headers } },
      onResponse,
    );
    req.on('error', reject);
    req.end();
  });
}

async function notifyInTransaction(
  member: WalletMember,
  kind: Parameters<typeof notifyMember>[1]['kind'],
  amount?: string,
) {
  return t.db.transaction().execute((trx) =>
    notifyMember(trx, {
      merchantId,
      memberId: member.id,
      kind,
      reference: { depositId: '42', ...(amount ? { amount } : {}) },
    }),
  );
}

describe('notifyMember and the inbox', () => {
  it('writes a bn and en entry with the amount, listed newest first with the unread count', async () => {
    const member = await createMember(t, merchantId);
    await notifyInTransaction(member, 'deposit.approved', '125000');
    await notifyInTransaction(member, 'withdrawal.rejected');
    const en = await t.get<Inbox>(INBOX, { headers: member.auth });
    expect(en.status).toBe(200);
    expect(en.body.value).toMatchObject({ total: 2, unread: 2, pageNo: 1, pageSize: 20 });
    expect(en.body.value.list.map((e) => [e.kind, e.title, e.body, e.read])).toEqual([
      [
        'withdrawal.rejected',
        'Withdrawal rejected',
        'Your withdrawal has been rejected; the amount is back in your wallet.',
        false,
      ],
      [
        'deposit.approved',
        'Deposit approved',
        'Your deposit of ৳1,250.00 has been approved and added to your wallet.',
        false,
      ],
    ]);
    expect(en.body.value.list[1]!.reference).toEqual({ depositId: '42', amount: '125000' });
    const bn = await t.get<Inbox>(INBOX, {
      headers: { ...member.auth, Language: 'bn' },
      query: { pageSize: 1, pageNo: 2 },
    });
    expect(bn.body.value.list.map((e) => [e.title, e.body])).toEqual([
      ['জমা অনুমোদিত', 'আপনার ৳1,250.00 জমা অনুমোদিত হয়েছে এবং ওয়ালেটে যোগ হয়েছে।'],
    ]);
  });

  it('writes nothing when the caller rolls its transaction back', async () => {
    const member = await createMember(t, merchantId);
    await expect(
      t.db.transaction().execute(async (trx) => {
        await notifyMember(trx, { merchantId, memberId: member.id, kind: 'deposit.failed' });
        throw new Error('the deposit change failed');
      }),
    ).rejects.toThrow('the deposit change failed');
    expect((await t.get<Inbox>(INBOX, { headers: member.auth })).body.value.total).toBe(0);
  });

  it("marks the member's own entries read, by id or all, and ignores other members' ids", async () => {
    const member = await createMember(t, merchantId);
    const other = await createMember(t, merchantId);
    const a = await notifyInTransaction(member, 'deposit.arrived');
    await notifyInTransaction(member, 'deposit.approved');
    const foreign = await notifyInTransaction(other, 'deposit.arrived');
    const one = await t.request<{ unread: number }>(
      'POST',
      READ,
      { ids: [a.id.toString(), foreign.id.toString()] },
      {
        headers: member.auth,
      },
    );
    expect(one.body.value).toEqual({ unread: 1 });
    expect((await t.get<Inbox>(INBOX, { headers: other.auth })).body.value.unread).toBe(1);
    const all = await t.request<{ unread: number }>('POST', READ, { all: true }, { headers: member.auth });
    expect(all.body.value).toEqual({ unread: 0 });
    const list = await t.get<Inbox>(INBOX, { headers: member.auth });
    expect(list.body.value.list.every((e) => e.read)).toBe(true);
  });

  it('refuses bad ids and paging, and needs a session', async () => {
    const member = await createMember(t, merchantId);
    for (const body of [{ ids: ['abc'] }, { ids: ["1' OR 1=1"] }, { ids: Array(101).fill('1') }, { all: 'yes' }]) {
      const res = await t.request('POST', READ, body, { headers: member.auth });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('request.invalid');
    }
    expect((await t.get(INBOX, { headers: member.auth, query: { pageSize: 500 } })).status).toBe(400);
    expect((await t.get(INBOX)).status).toBe(401);
  });
});

describe('GET /wps/member/events (server-sent events)', () => {
  it('pushes a notification written on another connection within a second, in the stream language', async () => {
    const member = await createMember(t, merchantId);
    const stream = await openStream({ ...member.auth, Language: 'bn' });
    try {
      expect(stream.status).toBe(200);
      expect(stream.contentType).toContain('text/event-stream');
      const started = Date.now();
      const written = await notifyInTransaction(member, 'withdrawal.paid', '5000');
      const event = await stream.nextEvent(1000);
      expect(Date.now() - started).toBeLessThan(1000);
      expect(event).toEqual({
        event: 'notification',
        id: written.id.toString(),
        data: {
          id: written.id.toString(),
          kind: 'withdrawal.paid',
          title: 'উত্তোলন পরিশোধিত',
          body: 'আপনার ৳50.00 উত্তোলন পাঠানো হয়েছে। টাকা পেয়েছেন কিনা নিশ্চিত করুন।',
          reference: { depositId: '42', amount: '5000' },
          balanceChanged: true,
        },
      });
    } finally {
      stream.close();
    }
  });

  it("delivers only the member's own committed notifications", async () => {
    const member = await createMember(t, merchantId);
    const other = await createMember(t, merchantId);
    const stream = await openStream(member.auth);
    try {
      await notifyInTransaction(other, 'deposit.approved');
      await t.db
        .transaction()
        .execute(async (trx) => {
          await notifyMember(trx, { merchantId, memberId: member.id, kind: 'deposit.failed' });
          throw new Error('rolled back');
        })
        .catch(() => undefined);
      await expect(stream.nextEvent(400)).rejects.toThrow('no event');
      await notifyInTransaction(member, 'deposit.rejected');
      expect((await stream.nextEvent(1000)).data.kind).toBe('deposit.rejected');
    } finally {
      stream.close();
    }
  });

  it('reaches every open stream of the member, and closes the oldest beyond the cap', async () => {
    const member = await createMember(t, merchantId);
    const streams: OpenStream[] = [];
    for (let i = 0; i < MEMBER_EVENT_STREAMS_MAX; i++) streams.push(await openStream(member.auth));
    try {
      await notifyInTransaction(member, 'deposit.arrived');
      for (const stream of streams) expect((await stream.nextEvent(1000)).data.kind).toBe('deposit.arrived');
      const newest = await openStream(member.auth);
      streams.push(newest);
      await streams[0]!.ended;
      await notifyInTransaction(member, 'deposit.approved');
      for (const stream of streams.slice(1)) expect((await stream.nextEvent(1000)).data.kind).toBe('deposit.approved');
      expect(streams[0]!.events).toEqual([]);
    } finally {
      for (const stream of streams) stream.close();
    }
  });

  it('keeps delivering to the remaining streams after one disconnects', async () => {
    const member = await createMember(t, merchantId);
    const gone = await openStream(member.auth);
    const stays = await openStream(member.auth);
    gone.close();
    await gone.ended;
    try {
      await notifyInTransaction(member, 'withdrawal.failed');
      expect((await stays.nextEvent(1000)).data.kind).toBe('withdrawal.failed');
    } finally {
      stays.close();
    }
  });

  it('answers a JSON 401 without a session; the token is never taken from the URL', async () => {
    const member = await createMember(t, merchantId);
    const res = await t.get(EVENTS);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('auth.not_logged_in');
    const inUrl = await t.get(`${EVENTS}?token=${encodeURIComponent(member.auth.Authorization!)}`);
    expect(inUrl.status).toBe(401);
  });
});
