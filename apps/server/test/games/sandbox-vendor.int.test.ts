import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxVendor } from '@khela/sandbox-vendor';
import { parseMinor } from '@khela/money';
import type { LaunchResult } from '@khela/contracts';
import { ledger as createLedger, type Ledger } from '../../src/modules/ledger/ledger.ts';
import { startSandboxVendor } from './helpers.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { auditLedger } from '../ledger/helpers.ts';
import { demoMerchantId } from '../support/helpers.ts';
import { createMember, fund, mainOf, type WalletMember } from '../wallet/helpers.ts';

/**
 * Issue 11 item 6: the sandbox vendor plays a launched game through our seamless API, as a real
 * vendor's server would, including its part of the failure cases.
 */
interface RoundAnswer {
  round?: string;
  drawn: { en: string; bn: string };
  win: string;
  balance: string;
  code?: string;
  winPending?: boolean;
}

let t: TestApp;
let merchantId: number;
let ledger: Ledger;
let sandbox: SandboxVendor;
let sandboxUrl: string;

beforeAll(async () => {
  t = await startTestApp();
  merchantId = await demoMerchantId(t);
  ledger = createLedger({ db: t.db });
  ({ sandbox, sandboxUrl } = await startSandboxVendor(t.db, t.baseUrl, { seamlessTimeoutMs: 2_000 }));
});
afterAll(async () => {
  expect(await auditLedger(t.db, merchantId)).toEqual({ unbalanced: [], drifted: [], negative: [], total: 0n });
  await sandbox.close();
  await t.close();
});

const mainBalance = (member: WalletMember) => ledger.balanceOf(merchantId, 'BDT', mainOf(member));

/** A seamless demo game of the category, launched by the member; answers the screen's session. */
async function openGame(member: WalletMember, category: string) {
  const game = await t.db
    .selectFrom('games as g')
    .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
    .select('g.game_code')
    .where('v.category', '=', category as never)
    .where('v.wallet_mode', '=', 'seamless')
    .where('v.status', '=', 'on')
    .where('g.status', '=', 'on')
    .where('g.is_game', '=', 'GAME')
    .orderBy('g.id')
    .executeTakeFirstOrThrow();
  const launch = await t.get<LaunchResult>('/wps/game/launchGame', {
    headers: member.auth,
    query: { gameCode: game.game_code, language: 'en' },
  });
  expect(launch.status).toBe(200);
  expect(launch.body.value.url.startsWith(`${sandboxUrl}/play?token=`)).toBe(true);
  const screen = await fetch(launch.body.value.url);
  expect(screen.status).toBe(200);
  const html = await screen.text();
  const session = /const session = "([\w-]+)"/.exec(html)?.[1];
  expect(session).toBeDefined();
  return { session: session!, html, gameCode: game.game_code };
}

async function round(session: string, stake: string, choice: string, fault?: string) {
  const res = await fetch(`${sandboxUrl}/api/round`, {
    method: 'POST',
    body: JSON.stringify({ session, stake, choice, ...(fault && { fault }) }),
  });
  return { status: res.status, body: (await res.json()) as RoundAnswer };
}

async function fundedMember() {
  const member = await createMember(t, merchantId);
  await fund(ledger, merchantId, mainOf(member), 1_000_00n);
  return member;
}

const roundMoves = (roundId: string) =>
  t.db
    .selectFrom('seamless_transactions')
    .select(['kind', 'amount'])
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();

describe('the sandbox vendor plays through the seamless API', () => {
  it.each([
    ['LIVE', 'DRAGON'],
    ['FISH', 'SHOOT'],
    ['PVP', 'TIGER'],
    ['SPORTS', 'HOME'],
  ])('a %s game: the stake and the win move our wallet', async (category, choice) => {
    const member = await fundedMember();
    const { session, html } = await openGame(member, category);
    expect(html).toContain(`value="${choice}"`);
    const played = await round(session, '25.00', choice);
    expect(played.status).toBe(200);
    const expected = 1_000_00n - 25_00n + parseMinor(played.body.win);
    expect(parseMinor(played.body.balance)).toBe(expected);
    expect(await mainBalance(member)).toBe(expected);
    const state = (await (await fetch(`${sandboxUrl}/api/state?session=${session}`)).json()) as { balance: string };
    expect(parseMinor(state.balance)).toBe(expected);
  });

  it('refuses a stake the wallet cannot cover, moving nothing', async () => {
    const member = await fundedMember();
    const { session } = await openGame(member, 'LIVE');
    const played = await round(session, '1000.01', 'DRAGON');
    expect(played.status).toBe(409);
    expect(played.body.code).toBe('RS_ERROR_NOT_ENOUGH_MONEY');
    expect(await mainBalance(member)).toBe(1_000_00n);
  });

  it('re-sends a bet whose answer was lost, and the stake is taken once', async () => {
    const member = await fundedMember();
    const { session } = await openGame(member, 'LIVE');
    const played = await round(session, '40.00', 'TIGER', 'lose-bet-answer');
    expect(played.status).toBe(200);
    expect(await mainBalance(member)).toBe(1_000_00n - 40_00n + parseMinor(played.body.win));
    const bets = (await roundMoves(played.body.round!)).filter((m) => m.kind === 'bet');
    expect(bets).toHaveLength(1);
  });

  it('rolls the bet back when its game fails after the stake was taken', async () => {
    const member = await fundedMember();
    const { session } = await openGame(member, 'FISH');
    const played = await round(session, '40.00', 'SHOOT', 'error-after-bet');
    expect(played.status).toBe(409);
    expect(played.body.code).toBe('CANCELLED');
    expect(await mainBalance(member)).toBe(1_000_00n);
  });

  it('pays a win that arrives after the game session ended', async () => {
    const member = await fundedMember();
    const { session } = await openGame(member, 'SPORTS');
    const played = await round(session, '50.00', 'HOME', 'hold-win');
    expect(played.body.winPending).toBe(true);
    expect(await mainBalance(member)).toBe(1_000_00n - 50_00n);
    await t.db
      .updateTable('game_sessions')
      .set({ expires_at: new Date(Date.now() - 1_000) })
      .where('member_id', '=', member.id)
      .execute();
    // A new bet in the ended session is refused …
    const late = await round(session, '1.00', 'HOME');
    expect(late.body.code).toBe('RS_ERROR_TOKEN_EXPIRED');
    // … the held win is still paid.
    const resent = await fetch(`${sandboxUrl}/control/resend-wins`, { method: 'POST' });
    expect(await resent.json()).toEqual({ unsent: 0 });
    expect(await mainBalance(member)).toBe(1_000_00n - 50_00n + parseMinor(played.body.win));
  });

  it('plays a free trial with play money, away from our wallet', async () => {
    const game = await t.db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .select('g.game_code')
      .where('v.supports_trial', '=', true)
      .where('v.status', '=', 'on')
      .where('g.status', '=', 'on')
      .where('g.is_game', '=', 'GAME')
      .executeTakeFirstOrThrow();
    const trial = await t.get<LaunchResult>('/wps/relay/GCS_gameTrialLaunch', { query: { gameCode: game.game_code } });
    expect(trial.status).toBe(200);
    const html = await (await fetch(trial.body.value.url)).text();
    const session = /const session = "([\w-]+)"/.exec(html)![1]!;
    const played = await round(session, '10.00', /value="(\w+)"/.exec(html)![1]!);
    expect(played.status).toBe(200);
    expect(parseMinor(played.body.balance)).toBe(1_000_00n - 10_00n + parseMinor(played.body.win));
  });
});
