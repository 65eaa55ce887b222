import { sql, type Selectable } from 'kysely';
import { CRASH, crashMultiplierAt, crashPayout, crashPointOf, crashTimeOf } from '@khela/games';
import type { CrashBet, CrashEvent, CrashRound, CrashState, InhouseRound } from '@khela/contracts';
import { parseMinor, toDecimalString } from '@khela/money';
import type { Db } from '../../../../db/database.ts';
import type { CrashRoundsTable } from '../../../../db/schema.ts';
import { AppError } from '../../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../../http/context.ts';
import { maskCustomerName } from '../../catalogue/winners.ts';
import type { InhouseRounds, RoundRow } from '../rounds.ts';
import type { Chain, CrashChains } from './chain.ts';

export type CrashRoundRow = Selectable<CrashRoundsTable>;

/** PostgreSQL channel of the crash rounds' events: every instance hears them and tells its watchers. */
export const CRASH_CHANNEL = 'khela_crash';
/** An announcement on CRASH_CHANNEL (the instance adds serverTime as it sends). */
export type CrashAnnouncement = { merchantId: number } & (
  { type: 'round'; round: CrashRound } | { type: 'bet'; bet: CrashBet }
);

/** How many crashed rounds the state shows; how many bets of a round. */
const RECENT_ROUNDS = 20;
const ROUND_BETS = 200;

/** The bet a crash round holds: the round it is in, and the automatic cash-out (×, "2.00") if any. */
interface CrashBetTerms {
  crashRoundId: string;
  autoCashOut: string | null;
}
/** What a settled bet shows: the round's crash point and hash, and where it cashed out (null: lost). */
interface CrashBetOutcome {
  crashPoint: string;
  cashedOutAt: string | null;
  hash: string;
}

const multiplierText = (hundredths: number) => toDecimalString(BigInt(hundredths));
const hundredthsOf = (multiplier: string) => Number(parseMinor(multiplier));
const termsOf = (row: RoundRow) => row.bet as unknown as CrashBetTerms;

/** Where a bet cashes out by itself: its automatic cash-out, and at the latest the game's cap. */
const autoOf = (row: RoundRow) => {
  const auto = termsOf(row).autoCashOut;
  return Math.min(auto === null ? CRASH.maxCashOut : hundredthsOf(auto), CRASH.maxCashOut);
};

/**
 * Crash (issue 12 item 2): shared rounds on the merchant's hash chain. A round takes bets until
 * betting_ends_at, then runs: its multiplier grows on the curve every screen draws
 * (crashMultiplierAt) until the round's crash point; a cash-out is priced by the database's clock
 * the moment it arrives. Bets are in-house rounds (rounds.ts): one stake when placed, one win (or
 * a recorded loss) when cashed out or crashed. The leader (leader.ts) moves rounds on; any
 * instance takes bets and cash-outs.
 */
export function crashGame({ db, rounds, chains }: { db: Db; rounds: InhouseRounds; chains: CrashChains }) {
  function roundView(row: CrashRoundRow): CrashRound {
    return {
      roundId: row.id.toString(),
      chainId: row.chain_id.toString(),
      position: row.position,
      state: row.state,
      bettingEndsAt: row.betting_ends_at.toISOString(),
      startedAt: row.started_at?.toISOString() ?? null,
      crashedAt: row.crashed_at?.toISOString() ?? null,
      crashPoint: row.crash_point === null ? null : multiplierText(row.crash_point),
      hash: row.hash,
      previousHash: row.previous_hash,
    };
  }

  function betView(row: RoundRow, username: string): CrashBet {
    const outcome = row.outcome as CrashBetOutcome | null;
    return {
      betId: row.id.toString(),
      roundId: termsOf(row).crashRoundId,
      player: maskCustomerName(username),
      stake: toDecimalString(row.stake),
      autoCashOut: termsOf(row).autoCashOut,
      cashedOutAt: outcome?.cashedOutAt ?? null,
      payout: row.payout === null ? null : toDecimalString(row.payout),
      state: row.state,
    };
  }

  async function announce(trx: Db, announcement: CrashAnnouncement) {
    await sql`SELECT pg_notify(${CRASH_CHANNEL}, ${JSON.stringify(announcement)})`.execute(trx);
  }

  async function announceBet(trx: Db, row: RoundRow) {
    const member = await trx
      .selectFrom('members')
      .select('username')
      .where('id', '=', row.member_id)
      .executeTakeFirstOrThrow();
    await announce(trx, { merchantId: row.merchant_id, type: 'bet', bet: betView(row, member.username) });
  }

  const crashPointOfRound = (chain: Chain, row: Pick<CrashRoundRow, 'position'>) =>
    crashPointOf(chain.hashes[row.position]!, chain.salt);

  /** Settles an open bet (a locked row) at `cashedOutAt` (hundredths; null: lost at the crash). */
  async function settleBet(trx: Db, bet: RoundRow, round: CrashRoundRow, chain: Chain, cashedOutAt: number | null) {
    const outcome: CrashBetOutcome = {
      crashPoint: multiplierText(crashPointOfRound(chain, round)),
      cashedOutAt: cashedOutAt === null ? null : multiplierText(cashedOutAt),
      hash: chain.hashes[round.position]!,
    };
    const payout = cashedOutAt === null ? 0n : crashPayout(bet.stake, cashedOutAt);
    return rounds.settleOpen(trx, bet, payout, { outcome: { ...outcome } });
  }

  /** The round's open bets, locked, optionally only those whose automatic cash-out is at or below `upTo`. */
  function lockOpenBets(trx: Db, roundId: bigint, upTo?: number) {
    let query = trx
      .selectFrom('inhouse_rounds')
      .selectAll()
      .where('crash_round_id', '=', roundId)
      .where('state', '=', 'open');
    if (upTo !== undefined) {
      query = query.where(
        sql<number>`least(coalesce(((bet->>'autoCashOut')::numeric * 100)::integer, ${CRASH.maxCashOut}), ${CRASH.maxCashOut})`,
        '<=',
        upTo,
      );
    }
    return query.orderBy('id').forUpdate().execute();
  }

  async function roundById(trx: Db, roundId: bigint) {
    return trx.selectFrom('crash_rounds').selectAll().where('id', '=', roundId).executeTakeFirstOrThrow();
  }

  /**
   * Settles the bets still open in the merchant's crashed rounds: paid at their automatic cash-out
   * when it was below the crash point (the leader was late), else lost. After each crash, and by a
   * leader taking over (one that died between a crash and its settlement).
   */
  async function settleCrashedBets(merchantId: number): Promise<number> {
    return db.transaction().execute(async (trx) => {
      const open = await trx
        .selectFrom('inhouse_rounds as r')
        .innerJoin('crash_rounds as c', 'c.id', 'r.crash_round_id')
        .selectAll('r')
        .where('c.merchant_id', '=', merchantId)
        .where('c.state', '=', 'crashed')
        .where('r.state', '=', 'open')
        .orderBy('r.id')
        .forUpdate('r')
        .execute();
      const rounds = new Map<bigint, CrashRoundRow>();
      for (const bet of open) {
        const round = rounds.get(bet.crash_round_id!) ?? (await roundById(trx, bet.crash_round_id!));
        rounds.set(round.id, round);
        const chain = await chains.chain(round.chain_id, trx);
        const auto = autoOf(bet);
        const settled = await settleBet(trx, bet, round, chain, auto < round.crash_point! ? auto : null);
        if (auto < round.crash_point!) await announceBet(trx, settled);
      }
      // The crashed round once more: screens read their bets again, now settled (losses send no event of their own).
      for (const round of rounds.values()) {
        await announce(trx, { merchantId, type: 'round', round: roundView(round) });
      }
      return open.length;
    });
  }

  return {
    crashPointOfRound,

    /** The merchant's round not yet crashed, with the database's clock (the leader's time base). */
    async liveRound(merchantId: number) {
      const row = await db
        .selectFrom('crash_rounds')
        .selectAll()
        .select(sql<Date>`clock_timestamp()`.as('now'))
        .where('merchant_id', '=', merchantId)
        .where('state', '<>', 'crashed')
        .executeTakeFirst();
      if (!row) return null;
      const { now, ...round } = row;
      return { round: round as CrashRoundRow, now };
    },

    /**
     * Opens the merchant's next round for bets on the next hash of its newest chain (a new chain
     * when that one is used up; an operator starts a new one by adding it). Null when another
     * leader opened one meanwhile (one live round per merchant).
     */
    async openRound(merchantId: number, bettingMs: number): Promise<CrashRoundRow | null> {
      const last = await db
        .selectFrom('crash_rounds')
        .select(['chain_id', 'position'])
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      const newest = await db
        .selectFrom('crash_chains')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      let chain = newest ? await chains.chain(newest.id) : await chains.create(merchantId);
      let position = last?.chain_id === chain.id ? last.position + 1 : 1;
      if (position > chain.length) {
        chain = await chains.create(merchantId);
        position = 1;
      }
      try {
        return await db.transaction().execute(async (trx) => {
          const row = await trx
            .insertInto('crash_rounds')
            .values({
              merchant_id: merchantId,
              chain_id: chain.id,
              position,
              previous_hash: chain.hashes[position - 1]!,
              betting_ends_at: sql<Date>`clock_timestamp() + make_interval(secs => ${bettingMs / 1000})`,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await announce(trx, { merchantId, type: 'round', round: roundView(row) });
          return row;
        });
      } catch (error) {
        if ((error as { code?: string }).code === '23505') return null;
        throw error;
      }
    },

    /** Closes betting and starts the round (waits for bets being placed to commit). */
    async start(roundId: bigint): Promise<{ round: CrashRoundRow; now: Date } | null> {
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('crash_rounds')
          .set({ state: 'running', started_at: sql<Date>`clock_timestamp()` })
          .where('id', '=', roundId)
          .where('state', '=', 'betting')
          .returningAll()
          .returning(sql<Date>`clock_timestamp()`.as('now'))
          .executeTakeFirst();
        if (!row) return null;
        const { now, ...round } = row;
        await announce(trx, { merchantId: round.merchant_id, type: 'round', round: roundView(round) });
        return { round, now };
      });
    },

    /** When the round ends (ms after its start): at its crash point, or at the game's cap. */
    async endsAfterMs(round: CrashRoundRow): Promise<number> {
      const point = crashPointOfRound(await chains.chain(round.chain_id), round);
      return crashTimeOf(Math.min(point, CRASH.maxCashOut));
    },

    /** The automatic cash-outs of the round's open bets (hundredths, ascending, each once). */
    async pendingAutoCashOuts(roundId: bigint): Promise<number[]> {
      const bets = await db
        .selectFrom('inhouse_rounds')
        .selectAll()
        .where('crash_round_id', '=', roundId)
        .where('state', '=', 'open')
        .execute();
      return [...new Set(bets.map(autoOf))].sort((a, b) => a - b);
    },

    /** Pays the open bets whose automatic cash-out the multiplier has reached (`upTo`, below the crash point). */
    async settleAutoCashOuts(round: CrashRoundRow, upTo: number): Promise<number> {
      const chain = await chains.chain(round.chain_id);
      const point = crashPointOfRound(chain, round);
      if (upTo >= point) return 0;
      return db.transaction().execute(async (trx) => {
        const due = await lockOpenBets(trx, round.id, upTo);
        for (const bet of due) await announceBet(trx, await settleBet(trx, bet, round, chain, autoOf(bet)));
        return due.length;
      });
    },

    /**
     * Crashes the running round: its crash point and hash shown to every screen at once; then its
     * bets still open are settled (settleCrashedBets).
     */
    async crash(roundId: bigint): Promise<CrashRoundRow | null> {
      const crashed = await db.transaction().execute(async (trx) => {
        const running = await trx
          .selectFrom('crash_rounds')
          .select(['chain_id', 'position'])
          .where('id', '=', roundId)
          .where('state', '=', 'running')
          .forUpdate()
          .executeTakeFirst();
        if (!running) return null;
        const chain = await chains.chain(running.chain_id, trx);
        const row = await trx
          .updateTable('crash_rounds')
          .set({
            state: 'crashed',
            crash_point: crashPointOfRound(chain, running),
            hash: chain.hashes[running.position]!,
            crashed_at: sql<Date>`clock_timestamp()`,
          })
          .where('id', '=', roundId)
          .returningAll()
          .executeTakeFirstOrThrow();
        await announce(trx, { merchantId: row.merchant_id, type: 'round', round: roundView(row) });
        return row;
      });
      if (crashed) await settleCrashedBets(crashed.merchant_id);
      return crashed;
    },

    settleCrashedBets,

    /** A member's bet in the round taking bets. */
    async bet(
      member: MemberContext,
      merchant: MerchantContext,
      body: { requestId: string; stake: string; autoCashOut?: string | undefined },
    ): Promise<InhouseRound> {
      const open = await db
        .selectFrom('crash_rounds')
        .select('id')
        .where('merchant_id', '=', merchant.id)
        .where('state', '=', 'betting')
        .executeTakeFirst();
      if (!open) throw new AppError('inhouse.betting_closed');
      const terms: CrashBetTerms = {
        crashRoundId: open.id.toString(),
        autoCashOut: body.autoCashOut === undefined ? null : multiplierText(hundredthsOf(body.autoCashOut)),
      };
      const placed = await rounds.playShared(member, merchant, 'crash', {
        requestId: body.requestId,
        stake: parseMinor(body.stake),
        bet: { ...terms },
      });
      await announce(db, {
        merchantId: merchant.id,
        type: 'bet',
        bet: {
          betId: placed.roundId,
          roundId: terms.crashRoundId,
          player: maskCustomerName(member.username),
          stake: placed.stake,
          autoCashOut: terms.autoCashOut,
          cashedOutAt: null,
          payout: placed.payout,
          state: placed.state,
        },
      });
      return placed;
    },

    /**
     * Cashes a member's open bet out at the multiplier of this moment by the database's clock —
     * refused once the round's crash time has come, whether or not the leader has marked it yet.
     */
    async cashOut(member: MemberContext, body: { roundId: string }): Promise<InhouseRound> {
      const settled = await db.transaction().execute(async (trx) => {
        const bet = await trx
          .selectFrom('inhouse_rounds')
          .selectAll()
          .where('id', '=', BigInt(body.roundId))
          .where('member_id', '=', member.id)
          .where('game', '=', 'crash')
          .forUpdate()
          .executeTakeFirst();
        if (!bet) throw new AppError('inhouse.round_not_found');
        if (bet.state !== 'open') {
          const lost = (bet.outcome as CrashBetOutcome | null)?.cashedOutAt === null;
          throw new AppError(lost ? 'inhouse.round_crashed' : 'inhouse.already_cashed_out');
        }
        const { round, elapsed_ms } = await trx
          .selectFrom('crash_rounds')
          .selectAll()
          .select(sql<number>`(extract(epoch from clock_timestamp() - started_at) * 1000)::float8`.as('elapsed_ms'))
          .where('id', '=', bet.crash_round_id!)
          .executeTakeFirstOrThrow()
          .then(({ elapsed_ms, ...round }) => ({ round: round as CrashRoundRow, elapsed_ms }));
        if (round.state === 'betting') throw new AppError('inhouse.cash_out_unavailable');
        const chain = await chains.chain(round.chain_id, trx);
        const point = crashPointOfRound(chain, round);
        if (round.state === 'crashed' || elapsed_ms >= crashTimeOf(point)) throw new AppError('inhouse.round_crashed');
        const at = Math.min(crashMultiplierAt(elapsed_ms), autoOf(bet));
        const row = await settleBet(trx, bet, round, chain, at);
        await announceBet(trx, row);
        return row;
      });
      return rounds.roundOf(member, settled.id.toString());
    },

    /** What a screen needs on opening: the round now (or the last), its bets, the recent crash points, the chain. */
    async state(merchantId: number, member: MemberContext | null): Promise<Omit<CrashState, 'serverTime'>> {
      const latest = await db
        .selectFrom('crash_rounds')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('id', 'desc')
        .limit(RECENT_ROUNDS + 1)
        .execute();
      const round = latest[0] ?? null;
      const recent = latest.filter((r) => r.state === 'crashed').slice(0, RECENT_ROUNDS);
      const chainRow =
        round &&
        (await db
          .selectFrom('crash_chains')
          .select(['id', 'head_hash', 'salt', 'length'])
          .where('id', '=', round.chain_id)
          .executeTakeFirstOrThrow());
      const bets = round
        ? await db
            .selectFrom('inhouse_rounds as r')
            .innerJoin('members as m', 'm.id', 'r.member_id')
            .selectAll('r')
            .select('m.username')
            .where('r.crash_round_id', '=', round.id)
            .orderBy('r.stake', 'desc')
            .orderBy('r.id')
            .limit(ROUND_BETS)
            .execute()
        : [];
      const mine = member && round ? bets.find((b) => b.member_id === member.id) : undefined;
      return {
        round: round && roundView(round),
        chain: chainRow && {
          chainId: chainRow.id.toString(),
          headHash: chainRow.head_hash,
          salt: chainRow.salt,
          length: chainRow.length,
        },
        recent: recent.map(roundView),
        bets: bets.map(({ username, ...bet }) => betView(bet, username)),
        myBet: mine ? await rounds.roundOf(member!, mine.id.toString()) : null,
      };
    },

    roundView,
    roundById: (roundId: bigint) => roundById(db, roundId),
  };
}
export type CrashGame = ReturnType<typeof crashGame>;

/** An event as a watcher receives it, stamped with this instance's clock. */
export function crashEventOf(announcement: CrashAnnouncement): CrashEvent {
  const serverTime = new Date().toISOString();
  return announcement.type === 'round'
    ? { type: 'round', serverTime, round: announcement.round }
    : { type: 'bet', serverTime, bet: announcement.bet };
}
