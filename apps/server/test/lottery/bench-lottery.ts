/**
 * `npm run bench:lottery` (scripts/bench-lottery.mjs), issue 15 "Performance": lottery tickets
 * bought per second through the full HTTP path (member session, guards, game and bet checks, the
 * draw, the purchase, its stake and its ticket: one database transaction a purchase of one ticket)
 * with 8 and 32 clients, p50 and p99, printed beside `pgbench -b tpcb-like` on the same PostgreSQL
 * in the same run; then the time to draw and settle one draw with BENCH_SETTLE_TICKETS (100 000)
 * tickets on it, seeded in SQL as the purchase path writes them (a purchase of one ticket each). It
 * prints figures; it is never a test.
 * - PostgreSQL: DATABASE_URL (an admin URL), else a bundled one.
 * - The real server as a child process (NODE_ENV=production), each client as its own member.
 * - Tickets and pgbench take turns in BENCH_ROUNDS (3) slices of BENCH_SECONDS (15) ÷ 3.
 * - The settlement is the draw pass's own: drawGame at the draw's time, then settleDraw.
 * - Targets: settling a draw of 100 000 tickets ≤ 30 s.
 */
import { createHash, randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { currentSlot, parseLotteryBet, type LotteryBet } from '@khela/games';
import { toDecimalString } from '@khela/money';
import { createDb, createPool, type Db } from '../../src/db/database.ts';
import { ledger as createLedger } from '../../src/modules/ledger/ledger.ts';
import { scheduleOf, type ListedGame } from '../../src/modules/lottery/games.ts';
import { lotteryMoney } from '../../src/modules/lottery/money.ts';
import { lotteryService } from '../../src/modules/lottery/routes.ts';
import { bestOddsKey } from '../../src/modules/lottery/tickets.ts';
import { benchPostgres, pgbenchReference } from '../helpers/bench-postgres.ts';
import {
  benchServer,
  placementRuns,
  placementSettings,
  printLoadAverage,
  printPlacementTable,
  printServerCostPerBet,
  settlementCpu,
} from '../helpers/bench-placement.ts';
import { testSecrets } from '../helpers/secrets.ts';
import { benchPlayers } from '../inhouse/helpers.ts';

const SETTINGS = placementSettings();
const SETTLE_TICKETS = Number(process.env.BENCH_SETTLE_TICKETS ?? 100_000);
const MEMBERS = SETTINGS.members;

/** A `position` bet (one digit of the five, positions 1–5): it wins 9.8× one time in ten. */
const positionBet = (position: number, digit: number): LotteryBet => {
  const parsed = parseLotteryBet('digits5', { type: 'position', position, digit });
  if (!parsed.ok) throw new Error(parsed.code);
  return parsed.bet;
};
const selectionOf = (bet: LotteryBet) => {
  const { type: _type, ...selection } = bet;
  return selection;
};

/**
 * `count` tickets on the game's current draw, in SQL, as tickets.buy writes them: a purchase each
 * (request id, fingerprint, currency, the game's odds, the member's game session) and its ticket
 * (bet, selection, stake, odds, potential win), spread over the bench members. The stakes are not
 * posted (as the sportsbook's seeded bets): the settlement reads purchases and tickets only.
 */
async function seedTickets(db: Db, game: ListedGame, merchant: { id: number; currency: string }, count: number) {
  const service = lotteryService({ db, secrets: testSecrets });
  const money = lotteryMoney({ db, ledger: createLedger({ db }), secrets: testSecrets });
  const slot = currentSlot(scheduleOf(game), new Date());
  const draw = await service.games.ensureDraw(db, game, slot);
  const integration = await money.integrationOf(merchant.id);
  const members = await db
    .selectFrom('members')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .orderBy('id', 'desc')
    .limit(MEMBERS)
    .execute();
  const sessions: string[] = [];
  for (const member of members) {
    const session = await money.sessionOf(db, integration, { id: member.id, merchantId: merchant.id }, game.game_id);
    sessions.push(session.toString());
  }
  // Ten bets on the first digit, one per digit: ticket g bets on g mod 10, so exactly a tenth win.
  const stake = game.min_bet;
  const bets = Array.from({ length: 10 }, (_, digit) => positionBet(1, digit));
  const oddsBp = game.odds[bestOddsKey(bets[0]!)]!;
  const fingerprints = bets.map((bet) =>
    createHash('sha256')
      .update(JSON.stringify([game.code, slot.issue, [[bet, stake.toString()]]]))
      .digest('hex'),
  );
  await sql`
    WITH numbered AS (
      SELECT member_id, game_session_id, k
        FROM unnest(${members.map((m) => m.id)}::int[], ${sessions}::bigint[]) WITH ORDINALITY AS s(member_id, game_session_id, k)
    ), purchases AS (
      INSERT INTO lottery_purchases (merchant_id, member_id, draw_id, request_id, fingerprint, currency, total_stake,
                                     odds, game_session_id)
      SELECT ${merchant.id}, n.member_id, ${draw.id}, 'settle-bench-' || g,
             (${fingerprints}::text[])[1 + g % 10], ${merchant.currency}, ${stake}, ${JSON.stringify(game.odds)}::jsonb,
             n.game_session_id
      FROM generate_series(1, ${count}) g
      JOIN numbered n ON n.k = 1 + g % (SELECT count(*) FROM numbered)
      RETURNING id, merchant_id, member_id, draw_id, substr(request_id, 14)::int AS g
    )
    INSERT INTO lottery_tickets (purchase_id, merchant_id, member_id, draw_id, bet_type, selection, stake, odds_bp,
                                 potential_win)
    SELECT id, merchant_id, member_id, draw_id, 'position', (${bets.map((b) => JSON.stringify(selectionOf(b)))}::jsonb[])[1 + g % 10],
           ${stake}, ${oddsBp}, ${(stake * BigInt(oddsBp)) / 10_000n}
      FROM purchases ORDER BY id
  `.execute(db);
  return { service, slot, drawId: draw.id };
}

async function main() {
  const postgres = await benchPostgres();
  let server: Awaited<ReturnType<typeof benchServer>>['server'] | undefined;
  try {
    const { url, tokens } = await benchPlayers(postgres, 'lottery', MEMBERS, 1_000_000_000_00n);
    const db = createDb(createPool(url, 4));
    const merchant = await db
      .selectFrom('merchants')
      .select(['id', 'currency'])
      .where('code', '=', 'khela')
      .executeTakeFirstOrThrow();
    const digitGames = (await lotteryService({ db }).games.list(merchant.id)).filter(
      (g) => g.format === 'digits5' && g.schedule_kind === 'interval',
    );
    // Tickets over HTTP on one game, the settled draw on another.
    const [bought, settled] = [digitGames[0]!, digitGames[1]!];
    let rows: string[] = [];
    if (SETTINGS.clientCounts.length > 0) {
      // One draw a day: the bought issue stays open for the whole run (the server's pass draws nothing).
      await db
        .updateTable('lottery_games')
        .set({ every_seconds: 86_400, close_before_seconds: 30 })
        .where('id', '=', bought.id)
        .execute();
      const schedule = scheduleOf({ ...bought, every_seconds: 86_400, close_before_seconds: 30 });
      const pgbench = await pgbenchReference(postgres, MEMBERS);
      const running = await benchServer(url, postgres);
      server = running.server;
      const cpuAtStart = running.cpuSeconds();
      const pool = new Pool(server.baseUrl, { connections: 64 });
      const stake = toDecimalString(bought.min_bet);
      let failure = '';

      const placement = await placementRuns(SETTINGS, 'tickets', pgbench, db, async (c) => {
        const position = 1 + Math.floor(Math.random() * 5);
        const digit = Math.floor(Math.random() * 10);
        const res = await pool.request({
          method: 'POST',
          path: '/lgw/bets',
          headers: { 'content-type': 'application/json', authorization: tokens[c]!, merchant: 'khela' },
          body: JSON.stringify({
            gameCode: bought.code,
            issue: currentSlot(schedule, new Date()).issue,
            requestId: `b${randomBytes(8).toString('hex')}`,
            bets: [{ betType: 'position', selection: { position, digit }, stake }],
          }),
        });
        const text = await res.body.text();
        if (res.statusCode !== 200 && !failure) failure = `${res.statusCode} ${text.slice(0, 200)}`;
        return res.statusCode === 200;
      });
      rows = placement.rows;
      if (failure) console.log(`A refused purchase: ${failure}`);
      await pool.close();
      const serverCpu = running.cpuSeconds() - cpuAtStart;
      await server.kill('SIGTERM');
      server = undefined;
      printServerCostPerBet(serverCpu, running.statements(), placement.placed, 'ticket');
    }

    console.log(`Seeding ${SETTLE_TICKETS} tickets on one draw …`);
    const seeded = await seedTickets(db, settled, merchant, SETTLE_TICKETS);
    console.log(`Drawing issue ${seeded.slot.issue} and settling it …`);
    const cpu = settlementCpu(url);
    const started = performance.now();
    // The draw pass at the draw's time: the draw is made (its committed seed decides), then settled
    // by purchases in batches; a second call finishes what another settler may have held.
    const drawn = await seeded.service.draws.drawGame(settled.id, seeded.slot.drawAt);
    const drawnSeconds = (performance.now() - started) / 1000;
    if (drawn.drawn < 1) throw new Error('the seeded draw was not drawn');
    let settledPurchases = await seeded.service.draws.settleDraw(seeded.drawId);
    for (let polls = 0; polls < 600; polls++) {
      const draw = await db
        .selectFrom('lottery_draws')
        .select('state')
        .where('id', '=', seeded.drawId)
        .executeTakeFirstOrThrow();
      if (draw.state === 'settled') break;
      settledPurchases += await seeded.service.draws.settleDraw(seeded.drawId);
    }
    const settleSeconds = (performance.now() - started) / 1000;
    const cpuUsed = cpu();
    const tickets = await db
      .selectFrom('lottery_tickets')
      .select([
        sql<string>`count(*) FILTER (WHERE state = 'won')`.as('won'),
        sql<string>`count(*) FILTER (WHERE state = 'pending')`.as('pending'),
      ])
      .where('draw_id', '=', seeded.drawId)
      .executeTakeFirstOrThrow();
    await db.destroy();

    printPlacementTable('Lottery tickets through HTTP', 'tickets', SETTINGS, rows);
    console.log(
      `Drawing and settling one draw with ${SETTLE_TICKETS} tickets: ${settleSeconds.toFixed(1)} s (${settledPurchases} purchases, ${tickets.won} tickets won, ${tickets.pending} pending; the draw took ${drawnSeconds.toFixed(1)} s).`,
    );
    console.log(cpuUsed);
    printLoadAverage();
    console.log('Target: settling a draw of 100 000 tickets ≤ 30 s.');
  } finally {
    await server?.kill('SIGKILL');
    await postgres.stop();
  }
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
