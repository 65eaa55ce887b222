import { sql, type RawBuilder } from 'kysely';
import { toDecimalString } from '@khela/money';
import {
  RECORDS_DEFAULT_PAGE_SIZE,
  RECORDS_MAX_DAYS,
  type Language,
  type MEMBER_BET_SORTS,
  type MEMBER_LEDGER_SORTS,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { localDay } from '../agents/settlement/periods.ts';
import { inDayWindow } from '../cashier/records.ts';
import { sportsIntegrationCode } from '../sports/vendor.ts';
import { pickLocalized } from '../system/localized.ts';

const DAY_MS = 86_400_000;
/** §9 shortcuts: without a window the records show the last 7 days. */
const DEFAULT_DAYS = 7;

export interface RecordsQuery {
  pageNo?: number | undefined;
  pageSize?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

const RANGE_MESSAGES = {
  invalidDate: { en: 'This date does not exist.', bn: 'এই তারিখটি সঠিক নয়।' },
  reversed: { en: 'The start date must not be after the end date.', bn: 'শুরুর তারিখ শেষের তারিখের পরে হতে পারে না।' },
  tooLong: {
    en: `The period can be at most ${RECORDS_MAX_DAYS} days.`,
    bn: `সময়কাল সর্বোচ্চ ${RECORDS_MAX_DAYS} দিন হতে পারে।`,
  },
} as const;

const dayNumber = (day: string): number | null => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const time = Date.UTC(y, m - 1, d);
  const back = new Date(time);
  return back.getUTCFullYear() === y && back.getUTCMonth() === m - 1 && back.getUTCDate() === d ? time : null;
};
const dayText = (time: number): string => new Date(time).toISOString().slice(0, 10);
const todayIn = (timeZone: string): number => dayNumber(localDay(timeZone, new Date()))!;

export interface RecordsWindow {
  from: string;
  to: string;
  /** The merchant's time zone (merchants.time_zone): `from` and `to` are its days. */
  timeZone: string;
  pageNo: number;
  pageSize: number;
  offset: number;
}

/** The console's sort of a member's records (issue 16 Quality); without it, newest first. */
export interface RecordsSort<Key extends string> {
  sort?: Key | undefined;
  order?: 'asc' | 'desc' | undefined;
}
/** ORDER BY the chosen column (nulls last), then `tieBreak` the same way. */
const sortedBy = (column: RawBuilder<unknown>, tieBreak: RawBuilder<unknown>, order: 'asc' | 'desc' = 'desc') =>
  order === 'asc' ? sql`${column} ASC NULLS LAST, ${tieBreak} ASC` : sql`${column} DESC NULLS LAST, ${tieBreak} DESC`;

/**
 * §9 date window and paging: refuses days that do not exist, reversed and too long windows. A day
 * is the merchant's day: `timeZone` (its merchants.time_zone) says which day is today.
 */
export function recordsWindow(query: RecordsQuery, language: Language, timeZone: string): RecordsWindow {
  const fail = (field: string, message: keyof typeof RANGE_MESSAGES) =>
    AppError.fields([{ field: `query.${field}`, message: RANGE_MESSAGES[message][language] }]);
  const fromGiven = query.from === undefined ? undefined : dayNumber(query.from);
  const toGiven = query.to === undefined ? undefined : dayNumber(query.to);
  if (fromGiven === null) throw fail('from', 'invalidDate');
  if (toGiven === null) throw fail('to', 'invalidDate');
  const to = toGiven ?? (fromGiven !== undefined ? fromGiven + (DEFAULT_DAYS - 1) * DAY_MS : todayIn(timeZone));
  const from = fromGiven ?? to - (DEFAULT_DAYS - 1) * DAY_MS;
  if (from > to) throw fail('from', 'reversed');
  if ((to - from) / DAY_MS + 1 > RECORDS_MAX_DAYS) throw fail('from', 'tooLong');
  const pageNo = query.pageNo ?? 1;
  const pageSize = query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE;
  return { from: dayText(from), to: dayText(to), timeZone, pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/**
 * The account record's types are the ledger's kinds, except the game wallet's: the seamless
 * wallet posts `seamless.bet` and its like, which members see (and filter) as bet, win and rollback.
 */
const TYPE_OF_KIND: Record<string, string> = {
  'seamless.bet': 'bet',
  'seamless.win': 'win',
  'seamless.rollback': 'rollback',
};
const kindsOfType = (type: string) => [
  type,
  ...Object.entries(TYPE_OF_KIND).flatMap(([kind, shown]) => (shown === type ? [kind] : [])),
];

/**
 * Bonuses paid into the main wallet that bonusDetails lists too: rebates (issue 14 item 5, ADR
 * 0014: playable at once, with a turnover requirement, instead of a wallet nothing spends) and
 * VIP bonuses (item 4, ADR 0015).
 */
const BONUS_KINDS_IN_MAIN = [
  'rebate',
  'vip_promotion_bonus',
  'vip_monthly_bonus',
  'promotion_bonus',
  // Issue 14 item 2 (ADR 0017).
  'red_envelope.grab',
  'raffle.prize',
  'signup_reward',
  // Issue 14 item 6 (ADR 0019).
  'mission.reward',
];

const WALLET_OF_KIND = {
  member_main: 'main',
  member_bonus: 'bonus',
  member_game: 'game',
  withdrawal_hold: 'hold',
} as const;

const POSTING_SORT_COLUMNS = {
  time: sql.ref('p.created_at'),
  amount: sql.ref('p.amount'),
} as const satisfies Record<(typeof MEMBER_LEDGER_SORTS)[number], RawBuilder<unknown>>;

/** The member's records (issue 5 item 7), read from the ledger: it is the one source of truth. */
export function walletRecords({ db }: { db: Db }) {
  /** created_at within the window's days, the merchant's days. */
  const within = (window: RecordsWindow, column: string) =>
    sql<boolean>`${sql.join(inDayWindow(column, window, window.timeZone), sql` AND `)}`;

  async function postings(
    member: MemberContext,
    window: RecordsWindow,
    kinds: readonly (keyof typeof WALLET_OF_KIND)[],
    type?: string,
    bonusKinds: readonly string[] = [],
    sort: RecordsSort<(typeof MEMBER_LEDGER_SORTS)[number]> = {},
  ) {
    const base = db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'p.transaction_id')
      .where('a.merchant_id', '=', member.merchantId)
      .where('a.member_id', '=', member.id)
      .where((eb) =>
        bonusKinds.length === 0
          ? eb('a.kind', 'in', kinds)
          : eb.or([
              eb('a.kind', 'in', kinds),
              eb.and([eb('a.kind', '=', 'member_main'), eb('t.kind', 'in', bonusKinds)]),
            ]),
      )
      .where(within(window, 'p.created_at'))
      .$if(type !== undefined && type !== '', (q) => q.where('t.kind', 'in', kindsOfType(type!)));
    const [rows, total] = await Promise.all([
      base
        .select([
          'p.id',
          'p.amount',
          'p.balance_after',
          'p.created_at',
          'a.kind as account_kind',
          'a.vendor_code',
          't.kind',
          't.idempotency_key',
        ])
        .orderBy(sortedBy(POSTING_SORT_COLUMNS[sort.sort ?? 'time'], sql.ref('p.id'), sort.order))
        .limit(window.pageSize)
        .offset(window.offset)
        .execute(),
      base.select(sql<string>`count(*)::text`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return {
      list: rows.map((row) => ({
        id: row.id.toString(),
        time: row.created_at.toISOString(),
        type: TYPE_OF_KIND[row.kind] ?? row.kind,
        wallet: WALLET_OF_KIND[row.account_kind as keyof typeof WALLET_OF_KIND],
        ...(row.vendor_code ? { vendorCode: row.vendor_code } : {}),
        amount: toDecimalString(row.amount),
        balanceAfter: toDecimalString(row.balance_after ?? 0n),
        reference: row.idempotency_key,
      })),
      total: Number(total.n),
      pageNo: window.pageNo,
      pageSize: window.pageSize,
    };
  }

  /**
   * Game money moves through the member's main and bonus wallets by the seamless wallet: each of
   * its postings belongs to a seamless transaction, which names the round; the game (and so its
   * type) is known from the session a win came through.
   */
  const gamePostings = (member: MemberContext, window: RecordsWindow) =>
    db
      .selectFrom('ledger_postings as p')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .innerJoin('seamless_transactions as st', 'st.ledger_transaction_id', 'p.transaction_id')
      .innerJoin('vendors as v', 'v.id', 'st.vendor_id')
      .leftJoin(roundGames(member), (join) =>
        join.onRef('g.vendor_id', '=', 'st.vendor_id').onRef('g.round_id', '=', 'st.round_id'),
      )
      .where('a.merchant_id', '=', member.merchantId)
      .where('a.member_id', '=', member.id)
      .where('a.kind', 'in', ['member_main', 'member_bonus'])
      .where('st.kind', 'in', ['bet', 'win', 'rollback'])
      .where(within(window, 'p.created_at'));
  // A bet debits the member; a rollback refunds it, so both count towards the stake.
  const stakedSum = sql<bigint>`coalesce(sum(CASE WHEN st.kind IN ('bet', 'rollback') THEN -p.amount ELSE 0 END), 0)`;
  const staked = sql<string>`${stakedSum}::text`;
  /**
   * The game of each of the member's rounds: a bet names no session, but the round's win or
   * rollback came through the session its launch opened (a win of zero too, which posts nothing).
   */
  const roundGames = (member: MemberContext) =>
    db
      .selectFrom('seamless_transactions as s')
      .innerJoin('game_sessions as gs', 'gs.id', 's.game_session_id')
      .innerJoin('games', 'games.id', 'gs.game_id')
      .select([
        's.vendor_id',
        's.round_id',
        sql<string>`max(games.game_type)`.as('game_type'),
        sql<string>`max(games.game_code)`.as('game_code'),
        sql<number>`max(games.vendor_id)`.as('game_vendor_id'),
      ])
      .where('s.member_id', '=', member.id)
      .groupBy(['s.vendor_id', 's.round_id'])
      .as('g');
  /**
   * Sports slips (round = slip id) whose result was corrected after they were settled (ADR 0024):
   * a resettlement posts no seamless record, so the betting record takes their current payout
   * (and filters win/loss by it), not the first settlement's, and marks them resettled.
   */
  const resettledSlip = (member: MemberContext) =>
    sql<boolean>`ss.member_id = ${member.id} AND v.code = ${sportsIntegrationCode(member.merchantId)}
      AND ss.id = CASE WHEN st.round_id ~ '^[0-9]{1,18}$' THEN st.round_id::bigint END
      AND ss.payout IS NOT NULL
      AND ss.payout IS DISTINCT FROM (
        SELECT sum(s2.amount) FROM seamless_transactions s2
         WHERE s2.member_id = ss.member_id AND s2.round_id = st.round_id AND s2.kind IN ('win', 'rollback'))`;
  const currentWin = sql<string>`coalesce(max(ss.payout), coalesce(sum(CASE WHEN st.kind = 'win' THEN p.amount ELSE 0 END), 0))`;
  /** A member's rounds in the window, one row each (by game when asked): stake, current win, resettled, start. */
  const roundsOf = (member: MemberContext, window: RecordsWindow, gameCode?: string) => {
    let rounds = gamePostings(member, window).leftJoin('sports_slips as ss', (join) => join.on(resettledSlip(member)));
    if (gameCode) rounds = rounds.where('g.game_code', '=', gameCode);
    return rounds
      .select([
        'v.code as vendor',
        sql<number>`max(v.id)`.as('vendor_id'),
        sql<string>`max(v.name)`.as('vendor_name'),
        sql<number | null>`max(g.game_vendor_id)`.as('game_vendor_id'),
        'st.round_id',
        sql<string>`coalesce(max(g.game_type), 'other')`.as('game_type'),
        staked.as('bet'),
        sql<string>`${currentWin}::text`.as('win'),
        sql<boolean>`max(ss.id) IS NOT NULL`.as('resettled'),
        sql<Date>`min(p.created_at)`.as('started_at'),
      ])
      .groupBy(['v.code', 'st.round_id']);
  };
  /** A round's current win is more than it staked (a resettled slip's by its current payout). */
  const currentWinMoreThanStaked = sql<boolean>`${currentWin} > ${stakedSum}`;
  const ROUND_SORT_COLUMNS = {
    time: sql`min(p.created_at)`,
    betAmount: stakedSum,
    winAmount: currentWin,
    profit: sql`${currentWin} - ${stakedSum}`,
  } as const satisfies Record<(typeof MEMBER_BET_SORTS)[number], RawBuilder<unknown>>;
  /**
   * A round's provider as the lobby names it in the member's language: the catalogue vendor of the
   * round's game, else the first catalogue vendor playing through the round's integration, else the
   * integration's own name (never its code, which is an internal key: SANDBOX, INHOUSE_1).
   */
  async function providerNames(
    merchantId: number,
    rounds: readonly { vendor_id: number; vendor_name: string; game_vendor_id: number | null }[],
    language: Language,
  ) {
    const gameVendorIds = rounds.flatMap((r) => (r.game_vendor_id === null ? [] : [Number(r.game_vendor_id)]));
    const integrationIds = rounds.map((r) => Number(r.vendor_id));
    const catalogue =
      rounds.length === 0
        ? []
        : await db
            .selectFrom('game_vendors')
            .select(['id', 'integration_id', 'display_name'])
            .where('merchant_id', '=', merchantId)
            .where((eb) =>
              eb.or([
                ...(gameVendorIds.length > 0 ? [eb('id', 'in', gameVendorIds)] : []),
                eb('integration_id', 'in', integrationIds),
              ]),
            )
            .orderBy('sort_order')
            .orderBy('id')
            .execute();
    const shown = (row: (typeof catalogue)[number] | undefined) =>
      row ? pickLocalized(row.display_name, language, language) : '';
    return (round: (typeof rounds)[number]) =>
      shown(catalogue.find((row) => row.id === Number(round.game_vendor_id))) ||
      shown(catalogue.find((row) => row.integration_id === Number(round.vendor_id))) ||
      round.vendor_name;
  }
  const money = (bet: string, win: string) => ({
    betAmount: toDecimalString(BigInt(bet)),
    winAmount: toDecimalString(BigInt(win)),
    profit: toDecimalString(BigInt(win) - BigInt(bet)),
  });

  return {
    transactionHistory: (
      member: MemberContext,
      window: RecordsWindow,
      type?: string,
      sort?: RecordsSort<(typeof MEMBER_LEDGER_SORTS)[number]>,
    ) => postings(member, window, ['member_main', 'member_bonus', 'member_game', 'withdrawal_hold'], type, [], sort),

    /** The bonus wallet, and bonuses paid into the main wallet (BONUS_KINDS_IN_MAIN). */
    bonusDetails: (member: MemberContext, window: RecordsWindow) =>
      postings(member, window, ['member_bonus'], undefined, BONUS_KINDS_IN_MAIN),

    /**
     * Profit and loss per day (the merchant's day a round started) and game type,
     * summed over the rounds of the betting record: a resettled slip counts its current outcome.
     */
    async personalProfit(member: MemberContext, window: RecordsWindow) {
      // A literal, not a parameter: the same expression must appear in SELECT and GROUP BY.
      const day = sql<string>`to_char(r.started_at AT TIME ZONE ${sql.lit(window.timeZone)}, 'YYYY-MM-DD')`;
      const bet = sql<string>`coalesce(sum(r.bet::bigint), 0)::text`;
      const win = sql<string>`coalesce(sum(r.win::bigint), 0)::text`;
      const rounds = roundsOf(member, window).as('r');
      const groups = db
        .selectFrom(rounds)
        .select([day.as('day'), 'r.game_type', bet.as('bet'), win.as('win')])
        .groupBy([day, 'r.game_type']);
      const [rows, counted, summary] = await Promise.all([
        groups.orderBy('day', 'desc').orderBy('game_type').limit(window.pageSize).offset(window.offset).execute(),
        db
          .selectFrom(groups.as('g'))
          .select(sql<string>`count(*)::text`.as('n'))
          .executeTakeFirstOrThrow(),
        db
          .selectFrom(rounds)
          .select([bet.as('bet'), win.as('win')])
          .executeTakeFirstOrThrow(),
      ]);
      return {
        list: rows.map((row) => ({ date: row.day, gameType: row.game_type, ...money(row.bet, row.win) })),
        total: Number(counted.n),
        pageNo: window.pageNo,
        pageSize: window.pageSize,
        summary: money(summary.bet, summary.win),
      };
    },

    /**
     * Betting records: one row per round of the seamless wallet (our own games' included), its
     * stake, win and game type; by game (its code) and result (win: paid more than staked) when asked.
     */
    async bettingRecords(
      member: MemberContext,
      window: RecordsWindow,
      language: Language,
      filters: { gameCode?: string | undefined; result?: 'win' | 'loss' | undefined } = {},
      sort: RecordsSort<(typeof MEMBER_BET_SORTS)[number]> = {},
    ) {
      let groups = roundsOf(member, window, filters.gameCode);
      if (filters.result)
        groups = groups.having(
          filters.result === 'win' ? currentWinMoreThanStaked : sql<boolean>`NOT ${currentWinMoreThanStaked}`,
        );
      const [rows, counted] = await Promise.all([
        groups
          .orderBy(sortedBy(ROUND_SORT_COLUMNS[sort.sort ?? 'time'], sql.ref('st.round_id'), sort.order))
          .limit(window.pageSize)
          .offset(window.offset)
          .execute(),
        db
          .selectFrom(groups.as('g'))
          .select(sql<string>`count(*)::text`.as('n'))
          .executeTakeFirstOrThrow(),
      ]);
      const providerOf = await providerNames(member.merchantId, rows, language);
      return {
        list: rows.map((row) => ({
          roundId: row.round_id,
          vendor: row.vendor ?? '',
          vendorName: providerOf(row),
          gameType: row.game_type,
          ...money(row.bet, row.win),
          ...(row.resettled && { resettled: true }),
          time: new Date(row.started_at).toISOString(),
        })),
        total: Number(counted.n),
        pageNo: window.pageNo,
        pageSize: window.pageSize,
      };
    },
  };
}
