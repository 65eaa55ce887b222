import { sql } from 'kysely';
import type { z } from 'zod';
import { formatMinor, toDecimalString } from '@khela/money';
import type { missionAdminEndpoints } from '@khela/contracts';
import {
  MEMBER_TYPES,
  MISSION_BOARD_SIZE,
  type ADMIN_MISSION_SORTS,
  type MISSION_PROGRESS_SORTS,
  parseMissionInput,
  type AdminMission,
  type Language,
  type MissionGoalKind,
  type MissionInput,
  type MissionMilestone,
  type MissionSummary,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { notifyInbox } from '../agents/contracts/contracts.ts';
import { containsPattern, sortedPageOfRows, type SortedPageQuery } from '../cashier/records.ts';
import { addTurnoverRequirement } from '../cashier/withdrawals/turnover.ts';
import { maskCustomerName } from '../games/catalogue/winners.ts';
import { payFromHouse } from '../ledger/house-payout.ts';
import type { Ledger } from '../ledger/ledger.ts';
import { pickLocalized } from '../system/localized.ts';

/** Ledger transactions of this kind pay a mission reward. */
export const MISSION_REWARD_KIND = 'mission.reward';
const INBOX_KIND = 'mission.reached';
/** What settled or was credited this long ago is counted: later rows of the same instant still commit. */
export const MISSION_GRACE_MS = 60_000;
/** One pass counts at most this much of a mission's window per transaction (a long outage catches up in steps). */
const SLICE_MS = 24 * 3_600_000;
const MAX_SLICES_PER_PASS = 400;
const TRIAL = MEMBER_TYPES.TRIAL;

type Goal = { kind: MissionGoalKind; productTypes: string[] | null; gameId: number | null };

/** Money text for amount goals, a count for rounds. */
export const valueText = (kind: MissionGoalKind, value: bigint) =>
  kind === 'rounds' ? value.toString() : toDecimalString(value);

interface MissionRow {
  id: number;
  merchant_id: number;
  title: { bn: string; en: string };
  description: { bn: string; en: string };
  starts_at: Date;
  ends_at: Date;
  status: 'O' | 'C';
  goal_kind: MissionGoalKind;
  product_types: string[] | null;
  game_id: number | null;
  counted_through: Date;
}

const MISSION_SORT_COLUMNS = {
  startTime: 'starts_at',
  endTime: 'ends_at',
  id: 'id',
} as const satisfies Record<(typeof ADMIN_MISSION_SORTS)[number], string>;
const PROGRESS_SORT_COLUMNS = {
  // Furthest first; of two as far, the one who got there first (a row compares field by field).
  rank: sql`(p.value, -extract(epoch from p.reached_at))`,
  username: sql`lower(m.username)`,
  reachedAt: 'p.reached_at',
} as const satisfies Record<(typeof MISSION_PROGRESS_SORTS)[number], unknown>;
type AdminMissionQuery = z.output<NonNullable<(typeof missionAdminEndpoints.list)['query']>>;

const MISSION_COLUMNS = [
  'id',
  'merchant_id',
  'title',
  'description',
  'starts_at',
  'ends_at',
  'status',
  'goal_kind',
  'product_types',
  'game_id',
  'counted_through',
] as const;

/**
 * What members did in [from, to) toward a goal, per eligible member (§4: not trial accounts, not
 * closed ones): the sum (valid bet, deposits) or count (rounds) and the last event's time.
 * Valid bet is the stake of settled bets — vendor bets when their win arrived, our own rounds when
 * settled — as the settled_bets view (migration 0019) and so the rebates' summary tables count it;
 * deposits count when credited (approved), at the review time.
 */
function events(merchantId: number, goal: Goal, from: Date, to: Date) {
  const types = goal.productTypes;
  const gameId = goal.gameId;
  if (goal.kind === 'deposit') {
    return sql<{ member_id: number; value: string; last_at: Date }>`
      SELECT d.member_id, sum(d.amount)::text AS value, max(d.reviewed_at) AS last_at
        FROM deposits d JOIN members mb ON mb.id = d.member_id
       WHERE d.merchant_id = ${merchantId} AND d.status = 'approved'
         AND d.reviewed_at >= ${from} AND d.reviewed_at < ${to}
         AND mb.type <> ${TRIAL} AND mb.status <> 'closed'
       GROUP BY d.member_id`;
  }
  const measure = goal.kind === 'rounds' ? sql`count(*)` : sql`sum(e.stake)`;
  const typeFilter = (type: ReturnType<typeof sql>) =>
    types === null ? sql`true` : sql`${type} = ANY(${types}::text[])`;
  const gameFilter = (game: ReturnType<typeof sql>) => (gameId === null ? sql`true` : sql`${game} = ${gameId}`);
  return sql<{ member_id: number; value: string; last_at: Date }>`
    SELECT e.member_id, ${measure}::text AS value, max(e.at) AS last_at
      FROM (
        SELECT w.member_id, b.amount AS stake, w.created_at AS at
          FROM seamless_transactions w
          JOIN seamless_transactions b
            ON b.merchant_id = w.merchant_id AND b.vendor_id = w.vendor_id
           AND b.vendor_tx_id = w.reference_tx_id AND b.kind = 'bet'
          JOIN vendors v ON v.id = w.vendor_id AND v.code NOT LIKE 'INHOUSE\\_%'
          LEFT JOIN game_sessions gs ON gs.id = w.game_session_id
         WHERE w.merchant_id = ${merchantId} AND w.kind = 'win' AND w.created_at >= ${from} AND w.created_at < ${to}
           AND ${typeFilter(sql`agent_stats_product_type(w.vendor_id, w.member_id, w.game_session_id)`)}
           AND ${gameFilter(sql`gs.game_id`)}
        UNION ALL
        SELECT r.member_id, r.stake, r.settled_at
          FROM inhouse_rounds r
         WHERE r.merchant_id = ${merchantId} AND r.state = 'settled' AND r.settled_at >= ${from} AND r.settled_at < ${to}
           AND ${typeFilter(sql`'INHOUSE'`)} AND ${gameFilter(sql`r.game_id`)}
      ) e
      JOIN members mb ON mb.id = e.member_id
     WHERE mb.type <> ${TRIAL} AND mb.status <> 'closed'
     GROUP BY e.member_id`;
}

/**
 * Missions (issue 14 item 6, switch MISSIONLB3; docs/adr/0019-missions.md).
 *
 * - Progress is counted by the job (runPass) from settled bets and rounds and credited deposits in
 *   the mission's window, slice by slice behind the cursor `counted_through`, each slice with its
 *   counts in one transaction: a re-run counts nothing twice, and after downtime it catches up.
 * - A milestone reached becomes a mission_rewards row (unique per member and milestone) and an
 *   inbox message; the member claims it (the reward centre's model), which pays it once from the
 *   house with a turnover requirement of the reward times its multiple.
 */
export function missions({ db, ledger }: { db: Db; ledger: Ledger }) {
  /** One slice of one mission: counted, milestones reached recorded and announced, cursor moved. */
  async function countSlice(missionId: number, now: Date): Promise<'counted' | 'done' | 'busy'> {
    // The demo seed counts inside its own transaction; the job gives each slice one of its own.
    const inTransaction = <T>(work: (trx: Db) => Promise<T>) =>
      db.isTransaction ? work(db) : db.transaction().execute(work);
    return inTransaction(async (trx) => {
      const mission = (await trx
        .selectFrom('missions')
        .select(MISSION_COLUMNS)
        .where('id', '=', missionId)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst()) as MissionRow | undefined;
      if (!mission) return 'busy';
      const upto = Math.min(mission.ends_at.getTime(), now.getTime() - MISSION_GRACE_MS);
      if (mission.status !== 'O' || mission.counted_through.getTime() >= upto) return 'done';
      const from = mission.counted_through;
      const to = new Date(Math.min(upto, from.getTime() + SLICE_MS));
      const goal = { kind: mission.goal_kind, productTypes: mission.product_types, gameId: mission.game_id };
      const { rows } = await events(mission.merchant_id, goal, from, to).execute(trx);
      const counted = rows.filter((row) => BigInt(row.value) > 0n);
      if (counted.length > 0) {
        await trx
          .insertInto('mission_progress')
          .values(
            counted.map((row) => ({
              mission_id: mission.id,
              member_id: row.member_id,
              value: BigInt(row.value),
              reached_at: row.last_at,
            })),
          )
          .onConflict((oc) =>
            oc.columns(['mission_id', 'member_id']).doUpdateSet({
              value: sql`mission_progress.value + excluded.value`,
              reached_at: sql`greatest(mission_progress.reached_at, excluded.reached_at)`,
            }),
          )
          .execute();
        const reached = await sql<{ member_id: number; sequence: number; amount: bigint }>`
          INSERT INTO mission_rewards (merchant_id, mission_id, milestone_id, member_id, reached_at, amount, turnover)
          SELECT ${mission.merchant_id}, p.mission_id, ms.id, p.member_id, p.reached_at, ms.reward_amount,
                 ms.reward_amount * ms.turnover_multiple
            FROM mission_progress p
            JOIN mission_milestones ms ON ms.mission_id = p.mission_id AND ms.target <= p.value
           WHERE p.mission_id = ${mission.id} AND p.member_id = ANY(${counted.map((row) => row.member_id)}::int[])
          ON CONFLICT (milestone_id, member_id) DO NOTHING
          RETURNING member_id, (SELECT sequence FROM mission_milestones WHERE id = milestone_id) AS sequence, amount`.execute(
          trx,
        );
        for (const reward of reached.rows) {
          const amount = formatMinor(reward.amount);
          await notifyInbox(
            trx,
            mission.merchant_id,
            reward.member_id,
            INBOX_KIND,
            { en: 'Mission milestone reached', bn: 'মিশনের মাইলস্টোন অর্জিত' },
            {
              en: `You reached milestone ${reward.sequence} of “${mission.title.en}”. Claim your reward of ${amount} on the missions page.`,
              bn: `আপনি “${mission.title.bn}” মিশনের ${reward.sequence} নম্বর মাইলস্টোনে পৌঁছেছেন। মিশন পাতায় আপনার ${amount} পুরস্কার নিন।`,
            },
            { missionId: mission.id, sequence: reward.sequence, amount: reward.amount.toString() },
          );
        }
      }
      await trx.updateTable('missions').set({ counted_through: to }).where('id', '=', mission.id).execute();
      return 'counted';
    });
  }

  async function milestonesOf(executor: Db, missionIds: number[]) {
    if (missionIds.length === 0) return [];
    return executor
      .selectFrom('mission_milestones')
      .select(['id', 'mission_id', 'sequence', 'target', 'reward_amount', 'turnover_multiple'])
      .where('mission_id', 'in', missionIds)
      .orderBy('mission_id')
      .orderBy('sequence')
      .execute();
  }

  async function missionOf(merchantId: number, missionId: number): Promise<MissionRow> {
    const row = (await db
      .selectFrom('missions')
      .select(MISSION_COLUMNS)
      .where('id', '=', missionId)
      .where('merchant_id', '=', merchantId)
      .executeTakeFirst()) as MissionRow | undefined;
    if (!row) throw new AppError('mission.not_found');
    return row;
  }

  /** The members' view of missions with the caller's progress and rewards. */
  async function summaries(
    member: MemberContext,
    rows: MissionRow[],
    language: Language,
    fallback: Language,
  ): Promise<MissionSummary[]> {
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return [];
    const gameIds = [...new Set(rows.flatMap((row) => (row.game_id === null ? [] : [row.game_id])))];
    const [steps, progress, rewards, games] = await Promise.all([
      milestonesOf(db, ids),
      db
        .selectFrom('mission_progress')
        .select(['mission_id', 'value'])
        .where('member_id', '=', member.id)
        .where('mission_id', 'in', ids)
        .execute(),
      db
        .selectFrom('mission_rewards')
        .select(['milestone_id', 'reached_at', 'claimed_at'])
        .where('member_id', '=', member.id)
        .where('mission_id', 'in', ids)
        .execute(),
      gameIds.length
        ? db.selectFrom('games').select(['id', 'name']).where('id', 'in', gameIds).execute()
        : Promise.resolve([]),
    ]);
    const valueOf = new Map(progress.map((row) => [row.mission_id, row.value]));
    const rewardOf = new Map(rewards.map((row) => [row.milestone_id, row]));
    const gameName = new Map(games.map((game) => [game.id, pickLocalized(game.name, language, fallback)]));
    return rows.map((row) => {
      const milestones: MissionMilestone[] = steps
        .filter((step) => step.mission_id === row.id)
        .map((step) => {
          const reward = rewardOf.get(step.id);
          return {
            milestoneId: step.id,
            sequence: step.sequence,
            target: valueText(row.goal_kind, step.target),
            rewardAmount: toDecimalString(step.reward_amount),
            turnoverMultiple: step.turnover_multiple,
            state: reward ? (reward.claimed_at ? 'claimed' : 'reached') : 'open',
            reachedAt: reward ? reward.reached_at.toISOString() : null,
            claimedAt: reward?.claimed_at ? reward.claimed_at.toISOString() : null,
          };
        });
      return {
        missionId: row.id,
        title: pickLocalized(row.title, language, fallback),
        description: pickLocalized(row.description, language, fallback),
        startTime: row.starts_at.toISOString(),
        endTime: row.ends_at.toISOString(),
        status: row.status === 'O' && row.ends_at.getTime() > Date.now() ? 'O' : 'C',
        goalType: row.goal_kind,
        productTypes: row.product_types,
        gameId: row.game_id,
        gameName: row.game_id === null ? null : (gameName.get(row.game_id) ?? null),
        reachedValue: valueText(row.goal_kind, valueOf.get(row.id) ?? 0n),
        countedThrough: row.counted_through.toISOString(),
        milestones,
        claimable: milestones.filter((step) => step.state === 'reached').length,
      };
    });
  }

  async function adminView(executor: Db, row: MissionRow): Promise<AdminMission> {
    const [steps, counts, participants] = await Promise.all([
      milestonesOf(executor, [row.id]),
      executor
        .selectFrom('mission_rewards')
        .select([
          'milestone_id',
          sql<number>`count(*)::int`.as('reached'),
          sql<number>`count(claimed_at)::int`.as('claimed'),
        ])
        .where('mission_id', '=', row.id)
        .groupBy('milestone_id')
        .execute(),
      executor
        .selectFrom('mission_progress')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('mission_id', '=', row.id)
        .executeTakeFirstOrThrow(),
    ]);
    const countOf = new Map(counts.map((c) => [c.milestone_id, c]));
    return {
      missionId: row.id,
      title: row.title,
      description: row.description,
      startTime: row.starts_at.toISOString(),
      endTime: row.ends_at.toISOString(),
      status: row.status,
      goalType: row.goal_kind,
      productTypes: row.product_types,
      gameId: row.game_id,
      countedThrough: row.counted_through.toISOString(),
      participants: participants.n,
      milestones: steps.map((step) => ({
        milestoneId: step.id,
        sequence: step.sequence,
        target: valueText(row.goal_kind, step.target),
        rewardAmount: toDecimalString(step.reward_amount),
        turnoverMultiple: step.turnover_multiple,
        reached: countOf.get(step.id)?.reached ?? 0,
        claimed: countOf.get(step.id)?.claimed ?? 0,
      })),
    };
  }

  /** Validated operator input, with the game checked against the merchant's catalogue. */
  async function parse(trx: Db, merchantId: number, input: MissionInput) {
    const parsed = parseMissionInput(input);
    if (!parsed.ok) throw new AppError(parsed.code);
    if (input.gameId !== null) {
      const game = await trx
        .selectFrom('games')
        .select('id')
        .where('id', '=', input.gameId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      if (!game) throw new AppError('mission.invalid_goal');
    }
    return parsed.milestones;
  }

  async function lockMission(trx: Db, merchantId: number, id: number): Promise<MissionRow> {
    const row = (await trx
      .selectFrom('missions')
      .select(MISSION_COLUMNS)
      .where('id', '=', id)
      .where('merchant_id', '=', merchantId)
      .forUpdate()
      .executeTakeFirst()) as MissionRow | undefined;
    if (!row) throw new AppError('mission.not_found');
    return row;
  }

  return {
    /** Counts every open mission's window up to `now` (the job; tests pass a fixed now). */
    async runPass(now: Date): Promise<{ missions: number; slices: number }> {
      const open = await db
        .selectFrom('missions')
        .select('id')
        .where('status', '=', 'O')
        .where(
          sql<boolean>`counted_through < least(ends_at, ${now}::timestamptz - make_interval(secs => ${MISSION_GRACE_MS / 1000}::float8))`,
        )
        .orderBy('id')
        .execute();
      const result = { missions: 0, slices: 0 };
      for (const { id } of open) {
        result.missions += 1;
        for (let n = 0; n < MAX_SLICES_PER_PASS; n += 1) {
          if ((await countSlice(id, now)) !== 'counted') break;
          result.slices += 1;
        }
      }
      return result;
    },

    /** MCSFE_getMissionSummaryDetails: open (O) or closed and ended (C) missions, soonest ending first. */
    async summary(
      member: MemberContext,
      query: { status?: 'O' | 'C' | undefined; page?: number | undefined; size?: number | undefined },
      language: Language,
      fallback: Language,
    ) {
      const status = query.status ?? 'O';
      const page = query.page ?? 1;
      const size = query.size ?? 10;
      const base = db
        .selectFrom('missions')
        .where('merchant_id', '=', member.merchantId)
        .where(
          status === 'O'
            ? sql<boolean>`status = 'O' AND ends_at > now()`
            : sql<boolean>`(status = 'C' OR ends_at <= now())`,
        );
      const [rows, total] = await Promise.all([
        base
          .select(MISSION_COLUMNS)
          .orderBy('ends_at', status === 'O' ? 'asc' : 'desc')
          .orderBy('id')
          .limit(size)
          .offset((page - 1) * size)
          .execute(),
        base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const list = await summaries(member, rows as MissionRow[], language, fallback);
      return { list, total: total.n, page, size };
    },

    /** MCSFE_getMissionMilestones */
    async milestones(member: MemberContext, missionId: number, language: Language, fallback: Language) {
      const row = await missionOf(member.merchantId, missionId);
      return (await summaries(member, [row], language, fallback))[0]!;
    },

    /**
     * MCSFE_getMissionLeaderboard: the top of the board by reached value, ties to whoever reached
     * it first (then the older account), names masked; `footer` is the caller's own rank, read
     * from the same index as the board.
     */
    async leaderboard(member: MemberContext, missionId: number) {
      const mission = await missionOf(member.merchantId, missionId);
      const kind = mission.goal_kind;
      const [top, mine] = await Promise.all([
        db
          .selectFrom('mission_progress as p')
          .innerJoin('members as m', 'm.id', 'p.member_id')
          .select(['p.member_id', 'm.username', 'p.value', 'p.reached_at'])
          .where('p.mission_id', '=', missionId)
          .where('p.value', '>', 0n)
          .orderBy('p.value', 'desc')
          .orderBy('p.reached_at')
          .orderBy('p.member_id')
          .limit(MISSION_BOARD_SIZE)
          .execute(),
        db
          .selectFrom('mission_progress')
          .select(['value', 'reached_at'])
          .where('mission_id', '=', missionId)
          .where('member_id', '=', member.id)
          .executeTakeFirst(),
      ]);
      let rank: number | null = null;
      if (mine && mine.value > 0n) {
        const ahead = await db
          .selectFrom('mission_progress')
          .select(sql<number>`count(*)::int`.as('n'))
          .where('mission_id', '=', missionId)
          .where(
            sql<boolean>`value > ${mine.value} OR (value = ${mine.value} AND (reached_at < ${mine.reached_at}
              OR (reached_at = ${mine.reached_at} AND member_id < ${member.id})))`,
          )
          .executeTakeFirstOrThrow();
        rank = ahead.n + 1;
      }
      return {
        missionId,
        goalType: kind,
        list: top.map((row, i) => ({
          rank: i + 1,
          customerName: maskCustomerName(row.username),
          reachedValue: valueText(kind, row.value),
          reachedAt: row.reached_at.toISOString(),
        })),
        footer: {
          rank,
          customerName: maskCustomerName(member.username),
          reachedValue: valueText(kind, mine?.value ?? 0n),
        },
      };
    },

    /**
     * MCSFE_claimMissionReward: pays a reached milestone once. The reward row is locked for the
     * claim, so parallel claims queue and the later ones find it claimed; its ledger key
     * `mission:<milestone>:<member>` would refuse a second payment anyway.
     */
    async claim(
      member: MemberContext,
      merchant: { id: number; currency: string },
      body: { missionId: number; milestoneId: number },
    ) {
      if (member.type === TRIAL) throw new AppError('auth.trial_account');
      return db.transaction().execute(async (trx) => {
        const reward = await trx
          .selectFrom('mission_rewards')
          .select(['id', 'amount', 'turnover', 'claimed_at'])
          .where('member_id', '=', member.id)
          .where('milestone_id', '=', body.milestoneId)
          .where('mission_id', '=', body.missionId)
          .where('merchant_id', '=', merchant.id)
          .forUpdate()
          .executeTakeFirst();
        if (!reward) {
          const step = await trx
            .selectFrom('mission_milestones as s')
            .innerJoin('missions as m', 'm.id', 's.mission_id')
            .select('s.id')
            .where('s.id', '=', body.milestoneId)
            .where('m.id', '=', body.missionId)
            .where('m.merchant_id', '=', merchant.id)
            .executeTakeFirst();
          throw new AppError(step ? 'mission.not_reached' : 'mission.not_found');
        }
        if (reward.claimed_at) throw new AppError('mission.already_claimed');
        const idempotencyKey = `mission:${body.milestoneId}:${member.id}`;
        const transactionId = await payFromHouse(trx, ledger, {
          merchant,
          memberId: member.id,
          amount: reward.amount,
          idempotencyKey,
          kind: MISSION_REWARD_KIND,
          reference: { missionId: body.missionId, milestoneId: body.milestoneId },
        });
        if (reward.turnover > 0n) {
          await addTurnoverRequirement(trx, {
            merchantId: merchant.id,
            memberId: member.id,
            amount: reward.turnover,
            source: idempotencyKey,
          });
        }
        await trx
          .updateTable('mission_rewards')
          .set({ claimed_at: sql`now()`, ledger_transaction_id: transactionId })
          .where('id', '=', reward.id)
          .execute();
        return {
          missionId: body.missionId,
          milestoneId: body.milestoneId,
          amount: toDecimalString(reward.amount),
          turnover: toDecimalString(reward.turnover),
        };
      });
    },

    /** GET /admin/missions: paged, filtered and sorted on the server (issue 16 Quality). */
    async list(merchantId: number, query: AdminMissionQuery) {
      let base = db.selectFrom('missions').select(MISSION_COLUMNS).where('merchant_id', '=', merchantId);
      if (query.status) base = base.where('status', '=', query.status);
      if (query.goalType) base = base.where('goal_kind', '=', query.goalType);
      if (query.q) {
        const like = containsPattern(query.q);
        base = base.where(sql<boolean>`(title->>'en' ilike ${like} or title->>'bn' ilike ${like})`);
      }
      return sortedPageOfRows(base, query, MISSION_SORT_COLUMNS[query.sort ?? 'id'], (rows) =>
        Promise.all(rows.map((row) => adminView(db, row as MissionRow))),
      );
    },

    /** POST /admin/missions (audited): an open mission; counting starts at its start. */
    async create(actor: AuditActor, input: MissionInput) {
      return db.transaction().execute(async (trx) => {
        const steps = await parse(trx, actor.merchantId, input);
        const startsAt = new Date(input.startTime);
        const inserted = await trx
          .insertInto('missions')
          .values({
            merchant_id: actor.merchantId,
            title: JSON.stringify(input.title),
            description: JSON.stringify(input.description),
            starts_at: startsAt,
            ends_at: new Date(input.endTime),
            goal_kind: input.goalType,
            product_types: input.productTypes,
            game_id: input.gameId,
            counted_through: startsAt,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('mission_milestones')
          .values(
            steps.map((step, i) => ({
              mission_id: inserted.id,
              sequence: i + 1,
              target: step.target,
              reward_amount: step.rewardAmount,
              turnover_multiple: step.turnoverMultiple,
            })),
          )
          .execute();
        const view = await adminView(trx, await lockMission(trx, actor.merchantId, inserted.id));
        await recordAudit(trx, actor, {
          action: 'create',
          entity: 'mission',
          entityId: inserted.id,
          before: null,
          after: view,
        });
        return view;
      });
    },

    /**
     * PUT /admin/missions/:id (audited). Texts and the end may change at any time (not before what
     * was counted); once anything was counted the start, goal and milestones may not
     * (mission.locked): members' progress and rewards were measured by them.
     */
    async update(actor: AuditActor, id: number, input: MissionInput) {
      return db.transaction().execute(async (trx) => {
        const steps = await parse(trx, actor.merchantId, input);
        const row = await lockMission(trx, actor.merchantId, id);
        const before = await adminView(trx, row);
        const startsAt = new Date(input.startTime);
        const endsAt = new Date(input.endTime);
        const counted = row.counted_through.getTime() > row.starts_at.getTime();
        const sameSteps =
          before.milestones.length === steps.length &&
          steps.every((step, i) => {
            const old = before.milestones[i]!;
            return (
              old.target === valueText(row.goal_kind, step.target) &&
              old.rewardAmount === toDecimalString(step.rewardAmount) &&
              old.turnoverMultiple === step.turnoverMultiple
            );
          });
        const sameGoal =
          row.goal_kind === input.goalType &&
          row.game_id === input.gameId &&
          JSON.stringify(row.product_types) === JSON.stringify(input.productTypes) &&
          row.starts_at.getTime() === startsAt.getTime();
        if (counted && !(sameSteps && sameGoal)) throw new AppError('mission.locked');
        if (counted && endsAt.getTime() < row.counted_through.getTime()) throw new AppError('mission.invalid_window');
        await trx
          .updateTable('missions')
          .set({
            title: JSON.stringify(input.title),
            description: JSON.stringify(input.description),
            ends_at: endsAt,
            updated_at: sql`now()`,
            ...(!counted && {
              starts_at: startsAt,
              counted_through: startsAt,
              goal_kind: input.goalType,
              product_types: input.productTypes,
              game_id: input.gameId,
            }),
          })
          .where('id', '=', id)
          .execute();
        if (!counted && !sameSteps) {
          await trx.deleteFrom('mission_milestones').where('mission_id', '=', id).execute();
          await trx
            .insertInto('mission_milestones')
            .values(
              steps.map((step, i) => ({
                mission_id: id,
                sequence: i + 1,
                target: step.target,
                reward_amount: step.rewardAmount,
                turnover_multiple: step.turnoverMultiple,
              })),
            )
            .execute();
        }
        const after = await adminView(trx, await lockMission(trx, actor.merchantId, id));
        await recordAudit(trx, actor, { action: 'update', entity: 'mission', entityId: id, before, after });
        return after;
      });
    },

    /** POST /admin/missions/:id/close (audited): counting stops; reached rewards stay claimable. */
    async close(actor: AuditActor, id: number) {
      return db.transaction().execute(async (trx) => {
        const row = await lockMission(trx, actor.merchantId, id);
        const before = await adminView(trx, row);
        if (row.status === 'C') return before;
        await trx
          .updateTable('missions')
          .set({ status: 'C', updated_at: sql`now()` })
          .where('id', '=', id)
          .execute();
        const after = await adminView(trx, await lockMission(trx, actor.merchantId, id));
        await recordAudit(trx, actor, { action: 'close', entity: 'mission', entityId: id, before, after });
        return after;
      });
    },

    /** GET /admin/missions/:id/progress: members by rank unless asked (issue 16 Quality). */
    async progress(
      merchantId: number,
      id: number,
      query: SortedPageQuery<(typeof MISSION_PROGRESS_SORTS)[number]> & { q?: string | undefined },
    ) {
      const mission = await missionOf(merchantId, id);
      let base = db
        .selectFrom('mission_progress as p')
        .innerJoin('members as m', 'm.id', 'p.member_id')
        .select([
          'p.member_id',
          'm.username',
          'p.value',
          'p.reached_at',
          sql<number>`(SELECT count(*)::int FROM mission_rewards r WHERE r.mission_id = p.mission_id AND r.member_id = p.member_id)`.as(
            'reached',
          ),
          sql<number>`(SELECT count(r.claimed_at)::int FROM mission_rewards r WHERE r.mission_id = p.mission_id AND r.member_id = p.member_id)`.as(
            'claimed',
          ),
        ])
        .where('p.mission_id', '=', id);
      if (query.q) base = base.where('m.username', 'ilike', containsPattern(query.q));
      return sortedPageOfRows(
        base,
        query,
        PROGRESS_SORT_COLUMNS[query.sort ?? 'rank'],
        (rows) =>
          rows.map((row) => ({
            memberId: row.member_id,
            username: row.username,
            reachedValue: valueText(mission.goal_kind, row.value),
            reachedAt: row.reached_at.toISOString(),
            milestonesReached: row.reached,
            milestonesClaimed: row.claimed,
          })),
        'p.member_id',
      );
    },
  };
}
export type Missions = ReturnType<typeof missions>;
