import type { FastifyInstance, FastifyRequest } from 'fastify';
import { formatMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../db/database.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { signCallback, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './payment-gateway.ts';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html><html lang="bn"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title><style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;line-height:1.5}
button{font:inherit;padding:.6rem 1.4rem;margin:.3rem;border-radius:.4rem;border:1px solid #888;cursor:pointer}
.pay{background:#0a7d32;color:#fff}.fail{background:#b3261e;color:#fff}.note{color:#666;font-size:.9rem}</style></head>
<body>${body}</body></html>`;
}

/** A form posted as text/plain arrives as `key=value` lines. */
function fieldsOf(body: unknown): Record<string, string> {
  if (typeof body !== 'string') return {};
  return Object.fromEntries(
    body
      .split(/\r?\n/)
      .map((line) => line.split('='))
      .filter((parts) => parts.length === 2)
      .map(([k, v]) => [k!.trim(), v!.trim()]),
  );
}

/**
 * The sandbox payment gateway's own pages (issue 5 item 3), served here so the demo needs no
 * outside service: the member sees the order and presses Pay or Fail; the "gateway" then calls
 * our callback over HTTP, signed with the channel's secret, exactly as a real gateway would.
 * It serves only orders of channels whose gateway is 'sandbox': a production merchant has none.
 */
export function registerSandboxGatewayPages(app: FastifyInstance, { db, secrets }: { db: Db; secrets: SecretBox }) {
  const orderOf = (order: string) =>
    db
      .selectFrom('deposits')
      .innerJoin('payment_channels', 'payment_channels.id', 'deposits.channel_id')
      .innerJoin('merchants', 'merchants.id', 'deposits.merchant_id')
      .select([
        'deposits.amount',
        'deposits.currency',
        'deposits.status',
        'deposits.gateway_order',
        'payment_channels.gateway_secret',
        'merchants.code as merchantCode',
      ])
      .where('deposits.gateway_order', '=', order)
      .where('payment_channels.gateway', '=', 'sandbox')
      .executeTakeFirst();

  const notFound = page('Sandbox', '<h1>অর্ডার পাওয়া যায়নি · Order not found</h1>');

  app.get('/sandbox-gateway/pay', async (req, reply) => {
    const order = String((req.query as Record<string, unknown>).order ?? '').slice(0, 64);
    const row = order ? await orderOf(order) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!row) return reply.code(404).send(notFound);
    const amount = `${escapeHtml(row.currency)} ${formatMinor(row.amount)}`;
    if (row.status !== 'pending') {
      return reply.send(page('Sandbox', `<h1>অর্ডারটি শেষ হয়েছে · This order is closed</h1><p>${amount}</p>`));
    }
    return reply.send(
      page(
        'Sandbox gateway',
        `<h1>স্যান্ডবক্স পেমেন্ট · Sandbox payment</h1>
<p>পরিমাণ · Amount: <strong>${amount}</strong></p>
<form method="post" action="/sandbox-gateway/pay" enctype="text/plain">
<input type="hidden" name="order" value="${escapeHtml(order)}">
<button class="pay" name="outcome" value="paid">পরিশোধ করুন · Pay</button>
<button class="fail" name="outcome" value="failed">ব্যর্থ করুন · Fail</button>
</form><p class="note">এটি একটি পরীক্ষামূলক গেটওয়ে, আসল টাকা নয়। · A test gateway: no real money.</p>`,
      ),
    );
  });

  app.post('/sandbox-gateway/pay', async (req: FastifyRequest, reply) => {
    const { order = '', outcome = '' } = fieldsOf(req.body);
    const row = order ? await orderOf(order.slice(0, 64)) : undefined;
    reply.type('text/html; charset=utf-8');
    if (!row || !row.gateway_secret || (outcome !== 'paid' && outcome !== 'failed')) {
      return reply.code(404).send(notFound);
    }
    const raw = JSON.stringify({ order, status: outcome, amount: toDecimalString(row.amount), currency: row.currency });
    const timestamp = String(Math.floor(Date.now() / 1000));
    // Back to this very server by the address that took the request, never to the Host header's
    // (a forged Host would turn the gateway into a way to make us call anywhere).
    const local = req.socket.localAddress ?? '127.0.0.1';
    const origin = `http://${local.includes(':') ? `[${local}]` : local}:${req.socket.localPort}`;
    const answer = await fetch(new URL('/lgw/payments/sandbox/callback', origin), {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [TIMESTAMP_HEADER]: timestamp,
        [SIGNATURE_HEADER]: signCallback(secrets.open('gateway-callback', row.gateway_secret), timestamp, raw),
        merchant: row.merchantCode,
      },
      body: raw,
    });
    const ok = answer.ok;
    const text =
      outcome === 'paid'
        ? '<h1>পেমেন্ট সম্পন্ন · Payment done</h1><p>আপনার ওয়ালেটে জমা হয়েছে। · Your wallet has been credited.</p>'
        : '<h1>পেমেন্ট ব্যর্থ · Payment failed</h1>';
    return reply
      .code(ok ? 200 : 502)
      .send(page('Sandbox', ok ? `${text}<p><a href="/">ফিরে যান · Back to the site</a></p>` : notFound));
  });
}
