import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MoneyFormatError, parseMinor, toDecimalString } from '@khela/money';
import { transferWalletRequests, type TransferWalletCall } from '@khela/contracts';
import { gamePage } from './page.ts';
import { isChoice, playRound, styleOf, type GameStyle } from './rounds.ts';
import { seamlessClient, type SeamlessReply } from './seamless-client.ts';
import { verifySigned } from './signature.ts';
import { transferStore, type StoredTransfer } from './transfer-store.ts';

export interface SandboxVendorOptions {
  /** Khela's base URL, for the seamless calls. */
  khelaUrl: string;
  /** The seamless integration (DEMO_VENDOR in Khela's seed). */
  seamless: { code: string; secret: string };
  /** The transfer-mode twin (DEMO_TRANSFER_VENDOR). */
  transfer: { secret: string };
  /** Where the twin keeps its wallets; in memory when absent. */
  storeFile?: string;
  /** Test controls (/control/*): fault plans and the wallets' contents. Never on in a real run. */
  faults?: boolean;
  seamlessTimeoutMs?: number;
}

/** A fault the twin plays on its next transfer call (the fault test's vendor time-outs). */
export interface TransferFault {
  call: TransferWalletCall | 'any';
  /**
   * drop: close the connection at once, applying nothing; hang: hold it for `ms`, then close it,
   * applying nothing; apply-then-drop: apply, never answer; delay: apply, answer after `ms`.
   */
  kind: 'drop' | 'hang' | 'apply-then-drop' | 'delay';
  ms?: number;
}

/** Round faults the suite asks for: the vendor's part of the seamless failure cases. */
type RoundFault = 'lose-bet-answer' | 'error-after-bet' | 'hold-win';

interface Session {
  wallet: 'seamless' | 'transfer' | 'fun';
  /** Khela's game session token (seamless). */
  token?: string;
  /** Khela's player id (transfer). */
  player?: string;
  gameCode: string;
  style: GameStyle;
  language: 'bn' | 'en';
  currency: string;
  backUrl: string;
  funBalance: bigint;
}

const MESSAGES: Record<string, { en: string; bn: string }> = {
  RS_ERROR_NOT_ENOUGH_MONEY: { en: 'Not enough balance', bn: 'পর্যাপ্ত ব্যালেন্স নেই' },
  RS_ERROR_TOKEN_EXPIRED: { en: 'The game session has ended; open the game again', bn: 'গেম সেশন শেষ; আবার গেমটি খুলুন' },
  RS_ERROR_USER_DISABLED: { en: 'Your account may not play now', bn: 'আপনার অ্যাকাউন্ট এখন খেলতে পারবে না' },
  CANCELLED: {
    en: 'The round was cancelled and your stake returned',
    bn: 'রাউন্ডটি বাতিল হয়েছে, বাজি ফেরত দেওয়া হয়েছে',
  },
  BAD_STAKE: { en: 'Choose a stake', bn: 'বাজি বেছে নিন' },
  NO_SESSION: { en: 'Open the game from Khela again', bn: 'খেলা থেকে গেমটি আবার খুলুন' },
};

/** "padma-dragon-tiger" → "Dragon Tiger": the vendor's own title for a game code of Khela's demo. */
function displayName(gameCode: string): string {
  const words = gameCode.split('-').slice(1);
  return (words.length ? words : [gameCode]).map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join(' ');
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      body += chunk;
      if (body.length > 64 * 1024) req.destroy();
    });
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function json(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

/**
 * The sandbox vendor (issue 11 item 6): a third-party game vendor for development and tests, in a
 * process of its own. Its seamless games move money only by calling Khela's seamless API; its
 * transfer-mode twin keeps wallets of its own and is moved by Khela's transfer calls.
 */
export function createSandboxVendor(options: SandboxVendorOptions) {
  const sessions = new Map<string, Session>();
  const store = transferStore(options.storeFile);
  const client = seamlessClient({
    khelaUrl: options.khelaUrl,
    vendorCode: options.seamless.code,
    secret: options.seamless.secret,
    timeoutMs: options.seamlessTimeoutMs ?? 5_000,
  });
  const faultPlan: TransferFault[] = [];
  let transferCalls = 0;
  /** Wins whose answer never came: sent again until Khela answers (wins are accepted after a session ends). */
  const unsentWins = new Map<string, Record<string, unknown>>();

  function newSession(session: Omit<Session, 'funBalance'>): string {
    const id = randomUUID();
    sessions.set(id, { ...session, funBalance: 100_000n });
    return id;
  }

  async function sendWin(body: Record<string, unknown>): Promise<SeamlessReply> {
    const reply = await client.send('win', body);
    if (reply.status === 'TIMEOUT' || reply.status === 'RS_ERROR_UNKNOWN')
      unsentWins.set(String(body.transaction_uuid), body);
    else unsentWins.delete(String(body.transaction_uuid));
    return reply;
  }

  async function resendWins() {
    for (const body of [...unsentWins.values()]) await sendWin(body);
  }
  const resendTimer = setInterval(() => void resendWins(), 5_000);
  resendTimer.unref();

  /** One round in a seamless session: bet, draw, win (or roll back when the bet's fate is unknown). */
  async function seamlessRound(session: Session, stake: bigint, choice: string, fault?: RoundFault) {
    const round = randomUUID().replaceAll('-', '').slice(0, 20);
    const bet = {
      token: session.token,
      currency: session.currency,
      game_code: session.gameCode,
      transaction_uuid: `b-${round}`,
      round,
      amount: toDecimalString(stake),
    };
    const placed = await client.send('bet', bet, fault === 'lose-bet-answer');
    if (placed.status !== 'RS_OK' || fault === 'error-after-bet') {
      if (placed.status === 'RS_OK' || placed.status === 'TIMEOUT' || placed.status === 'RS_ERROR_UNKNOWN') {
        // The bet may have landed and the round cannot go on: roll it back (Khela remembers the
        // rollback, so a bet still on its way is refused when it arrives).
        const rolledBack = await client.send('rollback', {
          token: session.token,
          currency: session.currency,
          transaction_uuid: `r-${round}`,
          reference_transaction_uuid: bet.transaction_uuid,
          round,
        });
        return { status: 409, body: { code: 'CANCELLED', message: MESSAGES.CANCELLED, balance: rolledBack.balance } };
      }
      return { status: 409, body: { code: placed.status, message: MESSAGES[placed.status], balance: placed.balance } };
    }
    const outcome = playRound(session.style, choice);
    const win = (stake * BigInt(outcome.multiplier)) / 100n;
    const winBody = {
      token: session.token,
      currency: session.currency,
      game_code: session.gameCode,
      transaction_uuid: `w-${round}`,
      reference_transaction_uuid: bet.transaction_uuid,
      round,
      amount: toDecimalString(win),
      round_closed: true,
    };
    if (fault === 'hold-win') {
      unsentWins.set(winBody.transaction_uuid, winBody);
      return {
        status: 200,
        body: { round, drawn: outcome.drawn, win: toDecimalString(win), balance: placed.balance, winPending: true },
      };
    }
    const paid = await sendWin(winBody);
    return {
      status: 200,
      body: { round, drawn: outcome.drawn, win: toDecimalString(win), balance: paid.balance ?? placed.balance },
    };
  }

  function localRound(session: Session, stake: bigint, choice: string) {
    const outcome = playRound(session.style, choice);
    const win = (stake * BigInt(outcome.multiplier)) / 100n;
    if (session.wallet === 'fun') {
      if (session.funBalance < stake)
        return {
          status: 409,
          body: { code: 'RS_ERROR_NOT_ENOUGH_MONEY', message: MESSAGES.RS_ERROR_NOT_ENOUGH_MONEY },
        };
      session.funBalance += win - stake;
      return {
        status: 200,
        body: { drawn: outcome.drawn, win: toDecimalString(win), balance: toDecimalString(session.funBalance) },
      };
    }
    const player = session.player!;
    if (!store.play(player, stake, win)) {
      return {
        status: 409,
        body: {
          code: 'RS_ERROR_NOT_ENOUGH_MONEY',
          message: MESSAGES.RS_ERROR_NOT_ENOUGH_MONEY,
          balance: toDecimalString(store.balance(player)),
        },
      };
    }
    return {
      status: 200,
      body: { drawn: outcome.drawn, win: toDecimalString(win), balance: toDecimalString(store.balance(player)) },
    };
  }

  async function round(req: IncomingMessage, res: ServerResponse) {
    let input: { session?: unknown; stake?: unknown; choice?: unknown; fault?: unknown };
    try {
      input = JSON.parse(await readBody(req)) as typeof input;
    } catch {
      return json(res, 400, { code: 'BAD_REQUEST' });
    }
    const session = typeof input.session === 'string' ? sessions.get(input.session) : undefined;
    if (!session) return json(res, 404, { code: 'NO_SESSION', message: MESSAGES.NO_SESSION });
    let stake: bigint;
    try {
      stake = parseMinor(String(input.stake));
    } catch (error) {
      if (!(error instanceof MoneyFormatError)) throw error;
      return json(res, 400, { code: 'BAD_STAKE', message: MESSAGES.BAD_STAKE });
    }
    const choice = String(input.choice);
    if (stake <= 0n || !isChoice(session.style, choice))
      return json(res, 400, { code: 'BAD_STAKE', message: MESSAGES.BAD_STAKE });
    const fault = options.faults && typeof input.fault === 'string' ? (input.fault as RoundFault) : undefined;
    const answer =
      session.wallet === 'seamless'
        ? await seamlessRound(session, stake, choice, fault)
        : localRound(session, stake, choice);
    json(res, answer.status, answer.body);
  }

  async function sessionState(url: URL, res: ServerResponse) {
    const session = sessions.get(url.searchParams.get('session') ?? '');
    if (!session) return json(res, 404, { code: 'NO_SESSION', message: MESSAGES.NO_SESSION });
    if (session.wallet === 'fun') return json(res, 200, { balance: toDecimalString(session.funBalance) });
    if (session.wallet === 'transfer')
      return json(res, 200, { balance: toDecimalString(store.balance(session.player!)) });
    const reply = await client.send('balance', { token: session.token, currency: session.currency });
    return json(res, reply.status === 'RS_OK' ? 200 : 409, { balance: reply.balance, code: reply.status });
  }

  function play(url: URL, res: ServerResponse, base: string) {
    const q = (name: string) => url.searchParams.get(name) ?? '';
    let id = q('session');
    if (!sessions.has(id)) {
      const fun = q('mode') === 'fun';
      if (!fun && !q('token')) {
        res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
        return res.end('No game session: open the game from Khela.');
      }
      id = newSession({
        wallet: fun ? 'fun' : 'seamless',
        token: q('token'),
        gameCode: q('game'),
        style: styleOf(q('type')),
        language: q('lang') === 'en' ? 'en' : 'bn',
        currency: /^[A-Z]{3}$/.test(q('currency')) ? q('currency') : 'BDT',
        backUrl: q('back') || base,
      });
    }
    const session = sessions.get(id)!;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      // Khela's game frame embeds this page.
      'content-security-policy':
        "default-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; frame-ancestors *",
    });
    res.end(
      gamePage({
        session: id,
        style: session.style,
        language: session.language,
        gameName: displayName(session.gameCode),
        backUrl: /^https?:\/\//.test(session.backUrl) ? session.backUrl : base,
        fun: session.wallet === 'fun',
      }),
    );
  }

  const answerOf = (t: StoredTransfer) =>
    t.state === 'done'
      ? { status: 'OK', balance: toDecimalString(store.balance(t.player)) }
      : { status: 'DENIED', reason: t.reason ?? 'INVALID' };

  /** Khela's transfer calls on the twin, signed with the twin's secret. */
  async function transferCall(call: TransferWalletCall, req: IncomingMessage, res: ServerResponse, base: string) {
    const raw = await readBody(req);
    if (!verifySigned(options.transfer.secret, req.headers, raw))
      return json(res, 401, { status: 'INVALID_SIGNATURE' });
    let parsed;
    try {
      parsed = transferWalletRequests[call].safeParse(JSON.parse(raw));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) return json(res, 400, { status: 'DENIED', reason: 'INVALID' });
    transferCalls++;
    const fault = faultPlan.findIndex((f) => f.call === call || f.call === 'any');
    const planned = fault >= 0 ? faultPlan.splice(fault, 1)[0] : undefined;
    if (planned?.kind === 'drop') return req.socket.destroy();
    if (planned?.kind === 'hang') {
      await new Promise((r) => setTimeout(r, planned.ms ?? 10_000));
      return req.socket.destroy();
    }

    const body = parsed.data as Record<string, string>;
    let answer: unknown;
    if (call === 'launch') {
      const id = newSession({
        wallet: 'transfer',
        player: body.player!,
        gameCode: body.gameCode!,
        style: styleOf(body.gameCode!.startsWith('meghna') ? 'LIVE' : 'RNG'),
        language: body.language === 'en' ? 'en' : 'bn',
        currency: body.currency!,
        backUrl: body.backUrl!,
      });
      answer = { status: 'OK', url: `${base}/play?session=${id}` };
    } else if (call === 'balance') {
      answer = { status: 'OK', balance: toDecimalString(store.balance(body.player!)) };
    } else if (call === 'status') {
      const seen = store.status(body.reference!);
      answer = seen
        ? {
            status: 'OK',
            transfer: {
              reference: seen.reference,
              direction: seen.direction,
              amount: toDecimalString(BigInt(seen.amount)),
              state: seen.state,
              ...(seen.reason && { reason: seen.reason }),
            },
          }
        : { status: 'NOT_FOUND' };
    } else {
      answer = answerOf(store.transfer(call, body.reference!, body.player!, parseMinor(body.amount!)));
    }
    if (planned?.kind === 'apply-then-drop') return req.socket.destroy();
    if (planned?.kind === 'delay') await new Promise((r) => setTimeout(r, planned.ms ?? 10_000));
    json(res, 200, answer);
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const base = `http://${req.headers.host ?? 'localhost'}`;
    const url = new URL(req.url ?? '/', base);
    const route = `${req.method} ${url.pathname}`;
    if (route === 'GET /healthz') return json(res, 200, { status: 'ok' });
    if (route === 'GET /play') return play(url, res, base);
    if (route === 'GET /api/state') return sessionState(url, res);
    if (route === 'POST /api/round') return round(req, res);
    const transfer = /^POST \/tw\/wallet\/(\w+)$/.exec(route)?.[1];
    if (transfer && (transferWalletRequests as Record<string, unknown>)[transfer]) {
      return transferCall(transfer as TransferWalletCall, req, res, base);
    }
    if (options.faults && route === 'POST /control/faults') {
      faultPlan.push(...(JSON.parse(await readBody(req)) as TransferFault[]));
      return json(res, 200, { planned: faultPlan.length });
    }
    if (options.faults && route === 'POST /control/resend-wins') {
      await resendWins();
      return json(res, 200, { unsent: unsentWins.size });
    }
    if (options.faults && route === 'GET /control/calls') return json(res, 200, { received: transferCalls });
    if (options.faults && route === 'GET /control/wallets') {
      return json(
        res,
        200,
        Object.fromEntries(Object.entries(store.wallets()).map(([p, m]) => [p, toDecimalString(m)])),
      );
    }
    json(res, 404, { code: 'NOT_FOUND' });
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('sandbox vendor:', error);
      if (!res.headersSent) json(res, 500, { code: 'ERROR' });
      else res.destroy();
    });
  });

  return {
    async listen(port: number, host = '127.0.0.1'): Promise<string> {
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      return `http://${host}:${(server.address() as AddressInfo).port}`;
    },
    async close() {
      clearInterval(resendTimer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
export type SandboxVendor = ReturnType<typeof createSandboxVendor>;
