import { sql, type Selectable } from 'kysely';
import { fairRandom, type FairRandom } from '@khela/games';
import { MEMBER_TYPES, type InhouseGameName, type InhouseRound } from '@khela/contracts';
import { toDecimalString } from '@khela/money';
import { keptPerKey } from '../../../cache/kept-per-key.ts';
import type { ChangeFeed } from '../../../cache/change-feed.ts';
import { memoCache } from '../../../cache/memo-cache.ts';
import { runPrepared, type Db } from '../../../db/database.ts';
import { groupCommit } from '../../../db/group-commit.ts';
import type { FairSeedPairsTable, InhouseRoundsTable } from '../../../db/schema.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../../http/context.ts';
import { pageOfRows, type RecordsQuery } from '../../cashier/records.ts';
import { ledgerRefusal, type Ledger } from '../../ledger/ledger.ts';
import { assertMayPlay } from '../../protection/guards.ts';
import { effectiveStatus } from '../catalogue/games-repository.ts';
import type { SecretBox } from '../../secrets/secret-box.ts';
import { inhouseWallet, type InhouseIntegration, type RoundMoney } from './inhouse-wallet.ts';
import { seedPairs, type RoundSeeds } from './seed-pairs.ts';

export type RoundRow = Selectable<InhouseRoundsTable>;
type SeedPairRow = Selectable<FairSeedPairsTable>;

/** A game's listing is kept until a catalogue change is heard, at most this long; how many members' seeds; draws after `stale`. */
const LISTING_TTL_MS = 60_000;
const SEED_CACHE_SIZE = 50_000;
const STALE_ATTEMPTS = 20;

/** A game of ours as the catalogue lists it (its engine is games.vendor_game_id). */
export interface InhouseCatalogueGame {
  game: InhouseGameName;
  gameId: number;
  gameCode: string;
  minBet: bigint;
  maxBet: bigint;
  status: 'on' | 'maintenance';
}

/** What an engine drew for a round: kept as the round's outcome; `payout` settles it unless the round stays open. */
export interface Drawn {
  outcome: Record<string, unknown>;
  payout: bigint;
  /** A multi-step round (mines) goes on after its stake: settled later by the player or the sweeper. */
  open?: boolean;
}

/** How a game shows its rounds: the outcome as the player may see it (a running mines round hides its mines). */
export type OutcomeView = (row: RoundRow) => Record<string, unknown> | null;

/** What an open round ends with beside its money: its last progress (mines), its outcome (a crash bet). */
export interface RoundEnd {
  progress?: Record<string, unknown> | undefined;
  outcome?: Record<string, unknown> | undefined;
}

export interface PlayRequest {
  requestId: string;
  stake: bigint;
  bet: Record<string, unknown>;
}

interface PlayResult {
  status: 'ok' | 'replay' | 'reused' | 'stale' | 'guard' | 'betting_closed';
  round_id: bigint | null;
  balance_before: bigint | null;
  balance_after: bigint | null;
  created_at: Date | null;
}
/** A round of a batch: played, or refused inside its subtransaction with the error's code, detail and constraint. */
type BatchResult =
  | PlayResult
  | (Omit<PlayResult, 'status'> & {
      status: 'error';
      error_code: string;
      error_detail: string | null;
      error_constraint: string | null;
    });

const INHOUSE_ROUNDS = {
  name: 'inhouse_rounds',
  text: `SELECT * FROM inhouse_rounds($1::integer[], $2::integer[], $3::integer[], $4::text[], $5::integer[],
                                    $6::text[], $7::text[], $8::text[], $9::bigint[], $10::jsonb[], $11::bigint[],
                                    $12::integer[], $13::jsonb[], $14::bigint[], $15::boolean[], $16::boolean[],
                                    $17::integer)`,
};

const UNIQUE_VIOLATION = '23505';
const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === UNIQUE_VIOLATION &&
  (error as { constraint?: string }).constraint === constraint;

/** JSON of an engine's result: bigint amounts as decimal strings (ARCHITECTURE §4). */
export function jsonOf(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? toDecimalString(v) : v));
}

/**
 * Rounds of our own games (issue 12, ADR 0011): the bet checked against the game's limits, drawn
 * from the member's seeds, then guarded, staked, paid and recorded by one statement (a round that
 * settles at once can never be left half done); multi-step rounds stay open, locked row by row
 * while they advance. Every refusal changes nothing.
 */
export function inhouseRounds(deps: {
  db: Db;
  ledger: Ledger;
  secrets: SecretBox;
  changes?: ChangeFeed;
  /** Told each batch's size as it is written (the inhouse_round_batch_size metric). */
  onRoundBatch?: (size: number) => void;
}) {
  const { db } = deps;
  const wallet = inhouseWallet(deps);
  const pairs = seedPairs(db);
  const outcomeViews = new Map<InhouseGameName, OutcomeView>();

  /** The merchant's listed game running this engine, with its status (null when off or missing). */
  async function readListing(merchantId: number, game: InhouseGameName): Promise<InhouseCatalogueGame | null> {
    const row = await db
      .selectFrom('games as g')
      .innerJoin('game_vendors as v', 'v.id', 'g.vendor_id')
      .select(['g.id', 'g.game_code', 'g.min_bet', 'g.max_bet', 'g.status', 'v.status as vendor_status'])
      .where('v.merchant_id', '=', merchantId)
      .where('v.wallet_mode', '=', 'inhouse')
      .where('g.vendor_game_id', '=', game)
      .orderBy('g.id')
      .limit(1)
      .executeTakeFirst();
    const status = row && effectiveStatus({ game: row, vendor: { status: row.vendor_status } });
    if (!row || status === 'off') return null;
    return { game, gameId: row.id, gameCode: row.game_code, minBet: row.min_bet, maxBet: row.max_bet, status: status! };
  }

  function checkStake(stake: bigint, game: InhouseCatalogueGame) {
    if (stake < game.minBet) throw new AppError('inhouse.bet_below_minimum', { minBet: toDecimalString(game.minBet) });
    if (stake > game.maxBet) throw new AppError('inhouse.bet_above_maximum', { maxBet: toDecimalString(game.maxBet) });
  }

  function moneyOf(
    row: Pick<RoundRow, 'id' | 'merchant_id' | 'member_id' | 'currency' | 'game_session_id'>,
    integration: RoundMoney['integration'],
  ): RoundMoney {
    return {
      roundId: row.id,
      merchantId: row.merchant_id,
      memberId: row.member_id,
      currency: row.currency,
      integration,
      gameSessionId: row.game_session_id,
    };
  }

  async function mainBalance(trx: Db, merchantId: number, memberId: number, currency: string) {
    return deps.ledger.balanceOf(merchantId, currency, { kind: 'member_main', memberId }, trx);
  }

  async function view(rows: RoundRow[]): Promise<InhouseRound[]> {
    const seeds = await pairs.seedsOf(rows.flatMap((r) => (r.seed_pair_id === null ? [] : [r.seed_pair_id])));
    const games = await db
      .selectFrom('games')
      .select(['id', 'game_code'])
      .where('id', 'in', rows.length ? [...new Set(rows.map((r) => r.game_id))] : [0])
      .execute();
    return rows.map((row) =>
      viewOf(
        row,
        row.seed_pair_id === null ? undefined : seeds.get(row.seed_pair_id.toString()),
        games.find((g) => g.id === row.game_id)?.game_code ?? '',
      ),
    );
  }

  function viewOf(row: RoundRow, pair: SeedPairRow | undefined, gameCode: string): InhouseRound {
    const outcomeView = outcomeViews.get(row.game);
    return {
      roundId: row.id.toString(),
      game: row.game,
      gameCode,
      nodeId: row.game_id,
      state: row.state,
      stake: toDecimalString(row.stake),
      payout: row.payout === null ? null : toDecimalString(row.payout),
      bet: row.bet,
      outcome: outcomeView ? outcomeView(row) : row.outcome,
      balanceBefore: toDecimalString(row.balance_before),
      balanceAfter: toDecimalString(row.balance_after),
      seeds:
        pair && row.nonce !== null
          ? {
              serverSeedHash: pair.server_seed_hash,
              serverSeed: pair.revealed_at ? pair.server_seed : null,
              clientSeed: pair.client_seed,
              nonce: row.nonce,
            }
          : null,
      createdAt: row.created_at.toISOString(),
      settledAt: row.settled_at?.toISOString() ?? null,
    };
  }
  const viewOne = async (row: RoundRow) => (await view([row]))[0]!;

  /** Games' listings (status, limits), kept per instance until the catalogue changes (cache/memo-cache.ts). */
  const listings =
    deps.changes &&
    memoCache<InhouseCatalogueGame | null>({ feed: deps.changes, scope: 'catalogue', ttlMs: LISTING_TTL_MS });
  async function catalogueGame(merchantId: number, game: InhouseGameName): Promise<InhouseCatalogueGame> {
    const listed = listings
      ? await listings.get(merchantId, `inhouse:${game}`, () => readListing(merchantId, game))
      : await readListing(merchantId, game);
    if (!listed) throw new AppError('game.not_found');
    if (listed.status === 'maintenance') throw new AppError('game.maintenance', { suggestions: [] });
    return listed;
  }

  /** The member's seed pair in use, kept here between rounds (rotation and `stale` drop it). */
  const memberSeeds = keptPerKey<number, SeedPairRow>({ maxEntries: SEED_CACHE_SIZE });
  const seedsOf = (member: MemberContext) => memberSeeds.get(member.id, () => pairs.current(member));

  /** A member's rounds on this instance, one after another (they take the pair's nonces in turn). */
  const queues = new Map<number, Promise<unknown>>();
  function oneAtATime<T>(memberId: number, work: () => Promise<T>): Promise<T> {
    const before = queues.get(memberId) ?? Promise.resolve();
    const mine = before.then(work, work);
    const tail = mine.catch(() => undefined);
    queues.set(memberId, tail);
    void tail.then(() => {
      if (queues.get(memberId) === tail) queues.delete(memberId);
    });
    return mine;
  }

  /** What inhouse_round() writes for one drawn round (bet and outcome as JSON text). */
  interface RoundToWrite {
    member: MemberContext;
    merchant: MerchantContext;
    listed: InhouseCatalogueGame;
    integration: InhouseIntegration;
    requestId: string;
    stake: bigint;
    bet: string;
    /** Null for a bet on a shared round (crash): its round's hash decides, not the member's seeds. */
    seeds: RoundSeeds | null;
    outcome: string | null;
    payout: bigint;
    open: boolean;
    oneOpen: boolean;
  }

  /** What every round of a request writes, whatever it draws: its game (listed, within limits), the integration, the bet. */
  async function roundBase(
    member: MemberContext,
    merchant: MerchantContext,
    game: InhouseGameName,
    request: PlayRequest,
  ): Promise<Pick<RoundToWrite, 'member' | 'merchant' | 'listed' | 'integration' | 'requestId' | 'stake' | 'bet'>> {
    const listed = await catalogueGame(merchant.id, game);
    checkStake(request.stake, listed);
    return {
      member,
      merchant,
      listed,
      integration: await wallet.integrationOf(merchant.id),
      requestId: request.requestId,
      stake: request.stake,
      bet: jsonOf(request.bet),
    };
  }

  /** Writes a batch of drawn rounds with one statement and one commit (migration 0017); each one's result in order. */
  async function writeRounds(rounds: RoundToWrite[]): Promise<BatchResult[]> {
    const column = <T>(pick: (round: RoundToWrite) => T) => rounds.map(pick);
    const rows = await runPrepared<BatchResult & { ord: number }>(db, INHOUSE_ROUNDS, [
      column((r) => r.merchant.id),
      column((r) => r.member.id),
      column((r) => r.listed.gameId),
      column((r) => r.listed.game),
      column((r) => r.integration.id),
      column((r) => r.integration.code),
      column((r) => r.merchant.currency),
      column((r) => r.requestId),
      column((r) => r.stake.toString()),
      column((r) => r.bet),
      column((r) => r.seeds?.seedPairId.toString() ?? null),
      column((r) => r.seeds?.nonce ?? null),
      column((r) => r.outcome),
      column((r) => r.payout.toString()),
      column((r) => r.open),
      column((r) => r.oneOpen),
      MEMBER_TYPES.TRIAL,
    ]);
    if (rows.length !== rounds.length) throw new Error(`inhouse_rounds answered ${rows.length} of ${rounds.length}`);
    const results = new Array<BatchResult>(rounds.length);
    for (const row of rows) results[row.ord - 1] = row;
    return results;
  }
  const writeRound = groupCommit(writeRounds, { onBatch: deps.onRoundBatch });

  /** Plays one drawn round (in the batch in flight); a refusal raised inside it becomes the player's answer. */
  async function playStatement(round: RoundToWrite): Promise<PlayResult> {
    const result = await writeRound(round);
    if (result.status !== 'error') return result;
    const error = { code: result.error_code, detail: result.error_detail, constraint: result.error_constraint };
    if (error.code === 'KL423') throw new AppError('inhouse.round_open', { roundId: error.detail ?? '' });
    if (isUniqueViolation(error, 'inhouse_rounds_crash_bet')) throw new AppError('inhouse.already_bet');
    // The same requestId sent twice at once: the first one's round is the answer.
    if (isUniqueViolation(error, 'inhouse_rounds_request')) {
      return {
        status: 'replay',
        round_id: await roundIdOf(round.member, round.requestId),
        balance_before: null,
        balance_after: null,
        created_at: null,
      };
    }
    const refusal = ledgerRefusal(error, { idempotencyKey: `inhouse:${round.requestId}` });
    throw refusal instanceof AppError ? refusal : new Error(`inhouse_round: ${error.code} ${error.detail ?? ''}`);
  }

  async function roundIdOf(member: MemberContext, requestId: string): Promise<bigint> {
    const row = await db
      .selectFrom('inhouse_rounds')
      .select('id')
      .where('member_id', '=', member.id)
      .where('request_id', '=', requestId)
      .executeTakeFirstOrThrow();
    return row.id;
  }

  return {
    pairs,

    /** Reveals the member's server seed and starts a new pair (the seeds kept here go with it). */
    async rotate(member: MemberContext, clientSeed: string) {
      memberSeeds.forget(member.id);
      try {
        return await pairs.rotate(member, clientSeed);
      } finally {
        memberSeeds.forget(member.id);
      }
    },

    /** A game shows its outcomes through this (mines hides its mines while the round runs). */
    showOutcomeWith(game: InhouseGameName, outcomeView: OutcomeView) {
      outcomeViews.set(game, outcomeView);
    },

    /**
     * Plays a round: the limits, then the engine's draw from the member's seeds, then everything else
     * in one statement (inhouse_round(), migration 0015): guards, replay, nonce, stake, win, record —
     * written with the other rounds in flight in one commit (inhouse_rounds(), migration 0017).
     * A member's rounds on this instance go one at a time; when another instance moved the pair on
     * (`stale`), the round is drawn again with fresh seeds. The same requestId again answers the same
     * round; under another bet it is refused.
     */
    async play(
      member: MemberContext,
      merchant: MerchantContext,
      game: InhouseGameName,
      request: PlayRequest,
      draw: (random: FairRandom, seeds: RoundSeeds) => Drawn,
      options: { oneOpen?: boolean } = {},
    ): Promise<InhouseRound> {
      const base = await roundBase(member, merchant, game, request);
      const { listed, bet } = base;
      return oneAtATime(member.id, async () => {
        for (let attempt = 0; attempt < STALE_ATTEMPTS; attempt++) {
          const pair = await seedsOf(member);
          const seeds = {
            seedPairId: pair.id,
            serverSeed: pair.server_seed,
            clientSeed: pair.client_seed,
            nonce: pair.next_nonce,
          };
          const drawn = draw(fairRandom(seeds), seeds);
          const open = drawn.open === true;
          const outcome = jsonOf(drawn.outcome);
          const result = await playStatement({
            ...base,
            seeds,
            outcome,
            payout: drawn.payout,
            open,
            oneOpen: options.oneOpen === true,
          });
          switch (result.status) {
            case 'ok': {
              pair.next_nonce++;
              return viewOf(
                {
                  id: result.round_id!,
                  merchant_id: merchant.id,
                  member_id: member.id,
                  game_id: listed.gameId,
                  game_session_id: 0n,
                  game,
                  request_id: request.requestId,
                  seed_pair_id: pair.id,
                  nonce: seeds.nonce,
                  currency: merchant.currency,
                  stake: request.stake,
                  payout: open ? null : drawn.payout,
                  state: open ? 'open' : 'settled',
                  bet: JSON.parse(bet) as Record<string, unknown>,
                  outcome: JSON.parse(outcome) as Record<string, unknown>,
                  progress: null,
                  balance_before: result.balance_before!,
                  balance_after: result.balance_after!,
                  created_at: result.created_at!,
                  updated_at: result.created_at!,
                  settled_at: open ? null : result.created_at!,
                  crash_round_id: null,
                },
                pair,
                listed.gameCode,
              );
            }
            case 'stale':
              memberSeeds.forget(member.id);
              break;
            default:
              return refused(member, result);
          }
        }
        throw new Error(`member ${member.id}: the seed pair kept moving`);
      });
    },

    /**
     * A bet on a round shared by every player (crash): the limits, then the stake in one statement
     * (inhouse_round()) while that round takes bets; it stays open until the shared round decides.
     * `bet` names the shared round (crashRoundId).
     */
    async playShared(
      member: MemberContext,
      merchant: MerchantContext,
      game: InhouseGameName,
      request: PlayRequest,
    ): Promise<InhouseRound> {
      const result = await playStatement({
        ...(await roundBase(member, merchant, game, request)),
        seeds: null,
        outcome: null,
        payout: 0n,
        open: true,
        oneOpen: false,
      });
      if (result.status !== 'ok') return refused(member, result);
      return this.roundOf(member, result.round_id!.toString());
    },

    /**
     * Advances an open round of the member's (locked until the step commits): `step` returns the
     * new progress and, when the round ends, its payout. Another member's round, or a round that
     * has ended, is refused before anything changes.
     */
    async advance(
      member: MemberContext,
      game: InhouseGameName,
      roundId: string,
      step: (row: RoundRow) => { progress: Record<string, unknown>; payout?: bigint },
    ): Promise<InhouseRound> {
      const row = await db.transaction().execute(async (trx) => {
        const open = await trx
          .selectFrom('inhouse_rounds')
          .selectAll()
          .where('id', '=', BigInt(roundId))
          .where('member_id', '=', member.id)
          .where('game', '=', game)
          .forUpdate()
          .executeTakeFirst();
        if (!open) throw new AppError('inhouse.round_not_found');
        if (open.state !== 'open') throw new AppError('inhouse.round_closed');
        const next = step(open);
        if (next.payout === undefined) {
          return trx
            .updateTable('inhouse_rounds')
            .set({ progress: jsonOf(next.progress), updated_at: sql<Date>`now()` })
            .where('id', '=', open.id)
            .returningAll()
            .executeTakeFirstOrThrow();
        }
        return settleOpen(trx, open, next.payout, { progress: next.progress });
      });
      return viewOne(row);
    },

    /** Settles an open round (a locked row) with its payout: the win, then the record. */
    settleOpen,

    /** Gives an open round's stake back (a locked row). */
    async refundOpen(trx: Db, row: RoundRow, end: RoundEnd = {}) {
      const integration = await wallet.integrationOf(row.merchant_id, trx);
      const balanceAfter = await wallet.refund(trx, moneyOf(row, integration), row.stake);
      return close(trx, row, { state: 'refunded', balance_after: balanceAfter }, end);
    },

    async openRound(member: MemberContext, game: InhouseGameName) {
      const row = await db
        .selectFrom('inhouse_rounds')
        .selectAll()
        .where('member_id', '=', member.id)
        .where('game', '=', game)
        .where('state', '=', 'open')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return { round: row ? await viewOne(row) : null };
    },

    /** One of the member's rounds (another member's is not found, as a missing one). */
    roundOf: inhouseRoundOf,

    /** Rounds as players see them (a crash round's bets). */
    view,

    /** Any round of the operator's merchant, with its member. */
    async roundForOperator(merchantId: number, roundId: string) {
      const row = await db
        .selectFrom('inhouse_rounds as r')
        .innerJoin('members as m', 'm.id', 'r.member_id')
        .selectAll('r')
        .select('m.username')
        .where('r.id', '=', BigInt(roundId))
        .where('r.merchant_id', '=', merchantId)
        .executeTakeFirst();
      if (!row) throw new AppError('inhouse.round_not_found');
      const { username, ...round } = row;
      return { ...(await viewOne(round)), memberId: row.member_id, username };
    },

    /** The member's rounds, newest first, by game, day window (§9, the merchant's days) and result. */
    async list(
      member: MemberContext,
      query: RecordsQuery & {
        game?: InhouseGameName | undefined;
        result?: 'win' | 'loss' | 'refund' | 'open' | undefined;
      },
      timeZone: string,
    ) {
      let base = db.selectFrom('inhouse_rounds').selectAll().where('member_id', '=', member.id);
      if (query.game) base = base.where('game', '=', query.game);
      if (query.result === 'win') base = base.where('state', '=', 'settled').where('payout', '>', sql<bigint>`stake`);
      if (query.result === 'loss') base = base.where('state', '=', 'settled').where('payout', '<=', sql<bigint>`stake`);
      if (query.result === 'refund') base = base.where('state', '=', 'refunded');
      if (query.result === 'open') base = base.where('state', '=', 'open');
      return pageOfRows(base, query, timeZone, view);
    },
  };

  /** The answer to a round inhouse_round() did not write: the earlier round of a replay, else the refusal. */
  async function refused(member: MemberContext, result: PlayResult): Promise<InhouseRound> {
    switch (result.status) {
      case 'replay':
        return inhouseRoundOf(member, result.round_id!.toString());
      case 'reused':
        throw new AppError('inhouse.request_reused');
      case 'betting_closed':
        throw new AppError('inhouse.betting_closed');
      case 'guard':
        await assertMayPlay(db, member);
        throw new AppError('auth.contact_agent');
      default:
        throw new Error(`inhouse_round: unexpected status ${result.status}`);
    }
  }

  async function inhouseRoundOf(member: MemberContext, roundId: string) {
    const row = await db
      .selectFrom('inhouse_rounds')
      .selectAll()
      .where('id', '=', BigInt(roundId))
      .where('member_id', '=', member.id)
      .executeTakeFirst();
    if (!row) throw new AppError('inhouse.round_not_found');
    return viewOne(row);
  }

  async function settleOpen(trx: Db, row: RoundRow, payout: bigint, end: RoundEnd = {}) {
    const integration = await wallet.integrationOf(row.merchant_id, trx);
    const balanceAfter = await wallet.settle(trx, moneyOf(row, integration), payout, () =>
      mainBalance(trx, row.merchant_id, row.member_id, row.currency),
    );
    return close(trx, row, { state: 'settled', payout, balance_after: balanceAfter }, end);
  }

  /** An open round's row once its money has moved: settled or refunded, with its last progress or outcome. */
  function close(
    trx: Db,
    row: RoundRow,
    money: { state: 'settled' | 'refunded'; payout?: bigint; balance_after: bigint },
    { progress, outcome }: RoundEnd,
  ) {
    return trx
      .updateTable('inhouse_rounds')
      .set({
        ...money,
        settled_at: sql<Date>`now()`,
        updated_at: sql<Date>`now()`,
        ...(progress && { progress: jsonOf(progress) }),
        ...(outcome && { outcome: jsonOf(outcome) }),
      })
      .where('id', '=', row.id)
      .returningAll()
      .executeTakeFirstOrThrow();
  }
}
export type InhouseRounds = ReturnType<typeof inhouseRounds>;
