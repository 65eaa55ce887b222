import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { hashTicket } from './live.ts';

const MESSAGES_SHOWN = 50;
const MAX_MESSAGE = 500;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)}</title><style>
:root{color-scheme:light dark}body{font-family:system-ui,sans-serif;margin:0;padding:.75rem;line-height:1.45}
header{display:flex;gap:.75rem;align-items:center}header img{width:56px;height:56px;border-radius:50%;object-fit:cover}
h1{font-size:1.1rem;margin:0}.note{opacity:.7;font-size:.85rem;margin:.2rem 0 0}
ol{list-style:none;padding:0;margin:.75rem 0;display:flex;flex-direction:column-reverse;gap:.35rem;max-height:55vh;overflow:auto}
li{padding:.35rem .6rem;border-radius:.5rem;background:rgba(127,127,127,.15)}b{margin-right:.35rem}
form{display:flex;gap:.5rem}input{flex:1;font:inherit;padding:.55rem;border-radius:.4rem;border:1px solid #888;min-width:0}
button{font:inherit;padding:.55rem 1rem;border-radius:.4rem;border:0;background:#0a7d32;color:#fff;cursor:pointer}
</style></head><body>${body}</body></html>`;
}

/** `key=value` lines of a form posted as text/plain (the value may itself hold "="). */
function fieldsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'string') return {};
  const fields: Record<string, string> = {};
  for (const line of body.split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at > 0) fields[line.slice(0, at).trim()] = line.slice(at + 1);
  }
  return fields;
}

/**
 * The development sandbox of the live chat vendor (issue 14 item 8): the host's room behind the
 * ticket launchChat handed out, with a message box whose messages are kept in live_chat_messages.
 * A plain form (no script, so the site's CSP needs nothing more); the ticket, never the session.
 */
export function registerSandboxChatPage(app: FastifyInstance, db: Db) {
  const roomOf = (ticket: string) =>
    db
      .selectFrom('live_chat_tickets as k')
      .innerJoin('live_hosts as h', 'h.id', 'k.host_id')
      .innerJoin('members as m', 'm.id', 'k.member_id')
      .select(['k.merchant_id', 'k.member_id', 'k.host_id', 'h.name', 'h.avatar_url', 'm.username'])
      .where('k.ticket_hash', '=', hashTicket(ticket))
      .where('k.expires_at', '>', sql<Date>`now()`)
      .executeTakeFirst();

  const expired = (reply: FastifyReply) =>
    reply
      .code(404)
      .type('text/html; charset=utf-8')
      .send(
        page(
          'Chat',
          '<h1>চ্যাটের মেয়াদ শেষ · This chat link has expired</h1><p class="note">হোস্টের তালিকা থেকে আবার চ্যাট খুলুন। · Open the chat again from the hosts list.</p>',
        ),
      );

  const ticketOf = (value: unknown) => (typeof value === 'string' ? value.slice(0, 64) : '');

  app.get('/sandbox/chat', async (req, reply) => {
    const ticket = ticketOf((req.query as Record<string, unknown>).ticket);
    const room = ticket ? await roomOf(ticket) : undefined;
    if (!room) return expired(reply);
    const messages = await db
      .selectFrom('live_chat_messages as c')
      .innerJoin('members as m', 'm.id', 'c.member_id')
      .select(['c.body', 'm.username'])
      .where('c.host_id', '=', room.host_id)
      .orderBy('c.id', 'desc')
      .limit(MESSAGES_SHOWN)
      .execute();
    const list = messages
      .map((m) => `<li><b>${escapeHtml(maskName(m.username))}</b>${escapeHtml(m.body)}</li>`)
      .join('');
    reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    return reply.type('text/html; charset=utf-8').send(
      page(
        room.name,
        `<header><img src="${escapeHtml(room.avatar_url)}" alt=""><div><h1>${escapeHtml(room.name)}</h1>
<p class="note">স্যান্ডবক্স চ্যাট · Sandbox chat</p></div></header>
<ol aria-label="Messages">${list || '<li class="note">এখনও কোনো বার্তা নেই · No messages yet</li>'}</ol>
<form method="post" action="/sandbox/chat" enctype="text/plain">
<input type="hidden" name="ticket" value="${escapeHtml(ticket)}">
<input name="message" maxlength="${MAX_MESSAGE}" required autocomplete="off" aria-label="বার্তা · Message" placeholder="বার্তা লিখুন · Write a message">
<button>পাঠান · Send</button></form>`,
      ),
    );
  });

  app.post('/sandbox/chat', async (req, reply) => {
    const fields = fieldsOf(req.body);
    const ticket = ticketOf(fields.ticket);
    const room = ticket ? await roomOf(ticket) : undefined;
    if (!room) return expired(reply);
    const body = (fields.message ?? '').trim().slice(0, MAX_MESSAGE);
    if (body) {
      await db
        .insertInto('live_chat_messages')
        .values({ merchant_id: room.merchant_id, host_id: room.host_id, member_id: room.member_id, body })
        .execute();
    }
    // Post, then redirect: a reload does not send the message again.
    return reply.redirect(`/sandbox/chat?ticket=${encodeURIComponent(ticket)}`, 303);
  });
}

/** Other members see a chatter's username masked, as the winners board shows it. */
function maskName(username: string): string {
  return username.length <= 3 ? `${username[0] ?? ''}**` : `${username.slice(0, 2)}***${username.slice(-1)}`;
}
