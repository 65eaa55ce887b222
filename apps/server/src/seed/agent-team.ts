import { createHash } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { hashPassword } from '../modules/admin/passwords.ts';
import { inhouseWallet } from '../modules/games/inhouse/inhouse-wallet.ts';
import { ledger as createLedger } from '../modules/ledger/ledger.ts';
import { memberRepository } from '../modules/members/repository.ts';
import type { SecretBox } from '../modules/secrets/secret-box.ts';
import { DEMO_AGENT } from './accounts.ts';

/**
 * Demo-only (issue 13 item 8): agent01's team, so the agent centre shows real figures on first
 * start. A sub-agent agent02 with its own players, and two more players directly under agent01;
 * each new player got an opening deposit weeks ago and has played dice rounds on most days since.
 * player01 and player02 (and their balances) are left exactly as they were: e2e tests use them.
 */
export const DEMO_SUB_AGENT = {
  username: 'agent02',
  password: 'Agent@123',
  type: 2,
  affiliateCode: 'AGENT02',
} as const;
export const DEMO_TEAM_PLAYERS = [
  { username: 'player11', password: 'Player@123', upline: DEMO_AGENT.username, joinedDaysAgo: 34 },
  { username: 'player12', password: 'Player@123', upline: DEMO_AGENT.username, joinedDaysAgo: 20 },
  { username: 'player21', password: 'Player@123', upline: DEMO_SUB_AGENT.username, joinedDaysAgo: 30 },
  { username: 'player22', password: 'Player@123', upline: DEMO_SUB_AGENT.username, joinedDaysAgo: 9 },
] as const;
/** Every account the demo team adds, agent first. */
export const DEMO_TEAM_USERNAMES = [DEMO_SUB_AGENT.username, ...DEMO_TEAM_PLAYERS.map((p) => p.username)] as const;

/** Each new player's opening deposit: 20,000.00 BDT in minor units. */
const TEAM_OPENING_DEPOSIT = 2_000_000n;
const DAY_MS = 86_400_000;

/** A small deterministic generator, so every demo database has the same history. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state ^ (state >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return state / 2 ** 32;
  };
}

export async function seedAgentTeam(db: Db, merchantId: number, secrets: SecretBox): Promise<void> {
  const members = memberRepository(db);
  const ledger = createLedger({ db });
  const merchant = await db
    .selectFrom('merchants')
    .select('currency')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  const agent01 = await members.byUsername(merchantId, DEMO_AGENT.username);
  if (!agent01) return;
  const now = Date.now();
  const ago = (days: number, hour = 12) => new Date(now - days * DAY_MS - (now % DAY_MS) + hour * 3_600_000);

  const agent02 = await members.insertUnder(
    db,
    {
      merchant_id: merchantId,
      username: DEMO_SUB_AGENT.username,
      password_hash: await hashPassword(DEMO_SUB_AGENT.password),
      nickname: 'Agent 02',
      type: DEMO_SUB_AGENT.type,
      affiliate_code: DEMO_SUB_AGENT.affiliateCode,
      created_at: ago(40),
    },
    agent01.id,
  );
  const uplines: Record<string, number> = { [DEMO_AGENT.username]: agent01.id, [DEMO_SUB_AGENT.username]: agent02.id };

  // Our own dice game: its rounds count in the team figures (migration 0019's triggers) as INHOUSE.
  const integration = await inhouseWallet({ db, ledger, secrets }).integrationOf(merchantId, db);
  const dice = await db
    .selectFrom('games')
    .innerJoin('game_vendors', 'game_vendors.id', 'games.vendor_id')
    .select('games.id')
    .where('games.merchant_id', '=', merchantId)
    .where('game_vendors.wallet_mode', '=', 'inhouse')
    .where('games.vendor_game_id', '=', 'dice')
    .executeTakeFirst();
  const channel = await db
    .selectFrom('payment_channels')
    .select('id')
    .where('merchant_id', '=', merchantId)
    .where('code', '=', 'bank')
    .executeTakeFirst();
  const passwordHash = await hashPassword(DEMO_TEAM_PLAYERS[0].password);

  for (const [index, spec] of DEMO_TEAM_PLAYERS.entries()) {
    const player = await members.insertUnder(
      db,
      {
        merchant_id: merchantId,
        username: spec.username,
        password_hash: passwordHash,
        nickname: `Player ${spec.username.slice(-2)}`,
        created_at: ago(spec.joinedDaysAgo, 9),
        last_login_at: ago(index + 1, 8),
      },
      uplines[spec.upline]!,
    );
    if (!channel) continue;
    const deposit = await db
      .insertInto('deposits')
      .values({
        merchant_id: merchantId,
        member_id: player.id,
        channel_id: channel.id,
        amount: TEAM_OPENING_DEPOSIT,
        currency: merchant.currency,
        reference_number: `DEMO-TEAM-${spec.username}`,
        request_id: `demo-team-deposit-${spec.username}`,
        status: 'approved',
        created_at: ago(spec.joinedDaysAgo, 10),
        reviewed_at: ago(spec.joinedDaysAgo, 10),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ledger.post(
      {
        merchantId,
        currency: merchant.currency,
        idempotencyKey: `deposit:${deposit.id}`,
        kind: 'deposit',
        postings: [
          { account: { kind: 'member_main', memberId: player.id }, amount: TEAM_OPENING_DEPOSIT },
          { account: { kind: 'deposit_clearing' }, amount: -TEAM_OPENING_DEPOSIT },
        ],
        reference: { depositId: deposit.id.toString() },
      },
      db,
    );
    if (!dice) continue;

    // A dice round or three on most days since joining (up to yesterday and today).
    const session = await db
      .insertInto('game_sessions')
      .values({
        merchant_id: merchantId,
        vendor_id: integration.id,
        member_id: player.id,
        token_hash: createHash('sha256').update(`demo-team-session:${merchantId}:${spec.username}`).digest(),
        expires_at: ago(spec.joinedDaysAgo - 1),
        game_id: dice.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const random = generator(player.id * 7919 + index);
    let balance = TEAM_OPENING_DEPOSIT;
    for (let day = spec.joinedDaysAgo - 1; day >= 0; day--) {
      if (random() < 0.25) continue;
      const rounds = 1 + Math.floor(random() * 3);
      for (let n = 0; n < rounds; n++) {
        const stake = BigInt(50 + Math.floor(random() * 46) * 10) * 100n; // 50.00 … 500.00
        if (stake > balance) continue;
        const payout = random() < 0.47 ? (stake * 198n) / 100n : 0n;
        const at = ago(day, 10 + n * 3 + Math.floor(random() * 2));
        if (at.getTime() > now) continue;
        const round = await db
          .insertInto('inhouse_rounds')
          .values({
            merchant_id: merchantId,
            member_id: player.id,
            game_id: dice.id,
            game_session_id: session.id,
            game: 'dice',
            currency: merchant.currency,
            stake,
            payout,
            state: 'settled',
            bet: JSON.stringify({ chanceBp: 5000, direction: 'over', demo: true }),
            outcome: JSON.stringify({ win: payout > 0n }),
            balance_before: balance,
            balance_after: balance - stake + payout,
            created_at: at,
            updated_at: at,
            settled_at: at,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const move = (kind: 'stake' | 'win', toMember: bigint) =>
          ledger.post(
            {
              merchantId,
              currency: merchant.currency,
              idempotencyKey: `demo-team:${round.id}:${kind}`,
              kind: kind === 'stake' ? 'seamless.bet' : 'seamless.win',
              postings: [
                { account: { kind: 'member_main', memberId: player.id }, amount: toMember },
                { account: { kind: 'vendor', vendorCode: integration.code }, amount: -toMember },
              ],
              reference: { round: round.id.toString(), demo: true },
            },
            db,
          );
        await move('stake', -stake);
        if (payout > 0n) await move('win', payout);
        balance = balance - stake + payout;
      }
    }
  }
}
