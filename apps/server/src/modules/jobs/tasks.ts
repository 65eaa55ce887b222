import type { Db } from '../../db/database.ts';
import { agentRollup } from '../agents/reports/rollup.ts';
import { agentSettlement } from '../agents/settlement/settlement.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { lotteryService } from '../lottery/routes.ts';
import { raffles } from '../lucky/raffles.ts';
import { redEnvelopes } from '../lucky/red-envelopes.ts';
import { missions } from '../missions/missions.ts';
import { pointEarning } from '../points/earning.ts';
import { programmesPass } from '../programmes/pass.ts';
import { promotions } from '../promotions/promotions.ts';
import type { SecretBox } from '../secrets/secret-box.ts';
import { sportsBook } from '../sports/book.ts';
import { correctionCollector } from '../sports/corrections.ts';
import { sportsFeedPass } from '../sports/feed/pass.ts';
import { slipSettler } from '../sports/settlement.ts';

/** A line for the log about a pass that did something. */
export interface PassNote {
  message: string;
  details: object;
}

/**
 * A periodic pass on the job queue (issue 14 item 9). Each is idempotent by its own periods and
 * keys, so a pass run twice, late, or by two instances at once pays and counts nothing twice.
 */
export interface PeriodicTask {
  name: string;
  /** The cron fields (minute hour day month weekday) of its schedule. */
  every: string;
  /** Runs one pass; what it did, for the log (nothing for a pass with nothing due). */
  pass(now: Date): Promise<PassNote[]>;
}

const noteIf = (did: unknown, message: string, details: object): PassNote[] => (did ? [{ message, details }] : []);

export const SETTLEMENT_TASK = 'agent_settlement';
export const ROLLUP_TASK = 'agent_rollup';
export const PROGRAMMES_TASK = 'programmes';
/** The tasks the programmes ran under before they were one pass: jobs queued under them still run it. */
export const FORMER_PROGRAMME_TASKS = ['referral_rewards', 'vip_ranks', 'rebates'] as const;

export function periodicTasks(db: Db, secrets?: SecretBox): PeriodicTask[] {
  const ledger = createLedger({ db });
  const settlement = agentSettlement({ db, ledger });
  const rollup = agentRollup({ db });
  const programmes = programmesPass({ db, ledger });
  const points = pointEarning({ db });
  const mission = missions({ db, ledger });
  const promotion = promotions({ db, ledger });
  const envelopes = redEnvelopes({ db, ledger });
  const raffle = raffles({ db, ledger });
  const lottery = lotteryService({ db });
  const corrections = correctionCollector({ db, ledger });
  const sportsSettler = slipSettler({ db, ledger });
  const sportsFeed = secrets && sportsFeedPass({ db, book: sportsBook({ db, ledger, secrets }) });
  return [
    {
      // Every 5 minutes (real-time salary's rhythm, §4); each pass settles every due period of
      // every contract — hourly, daily and dividend periods included.
      name: SETTLEMENT_TASK,
      every: '*/5 * * * *',
      pass: async (now) => {
        const result = await settlement.runPass(now);
        return noteIf(result.periods, 'agent settlement: pass done', result);
      },
    },
    {
      // The team reports' roll-up of closed days (issue 13 item 7), within minutes of a day's end
      // in any merchant's zone; a pass with nothing to do is one query.
      name: ROLLUP_TASK,
      every: '*/10 * * * *',
      pass: async (now) => {
        const result = await rollup.runPass(now);
        return noteIf(result.days, 'agent reports: days rolled up', result);
      },
    },
    {
      // Referral rewards and rebates for closed days, VIP reviews and promotions (every 5 minutes
      // for the promotions).
      name: PROGRAMMES_TASK,
      every: '*/5 * * * *',
      pass: async (now) => {
        const { vip, referral, rebates } = await programmes(now);
        return [
          ...noteIf(vip.months || vip.promotions, 'vip ranks: pass done', vip),
          ...noteIf(referral.days, 'referral rewards: pass done', referral),
          ...noteIf(rebates.days, 'rebates: pass done', rebates),
        ];
      },
    },
    {
      // Points earned on settled bets and approved deposits (issue 14 item 3).
      name: 'points_earning',
      every: '*/5 * * * *',
      pass: async (now) => {
        const result = await points.runPass(now);
        return noteIf(result.entries, 'points: earning pass done', result);
      },
    },
    {
      // Mission progress (issue 14 item 6): what settled since each open mission's cursor.
      name: 'missions',
      every: '*/5 * * * *',
      pass: async (now) => {
        const result = await mission.runPass(now);
        return noteIf(result.slices, 'missions: progress counted', result);
      },
    },
    {
      // Promotions (issue 14 items 1–2): closed bet-volume periods paid, expired participations closed.
      name: 'promotions',
      every: '*/15 * * * *',
      pass: async (now) => {
        const result = await promotion.runPass(now);
        return noteIf(result.issued || result.applying || result.closed, 'promotions: pass done', result);
      },
    },
    {
      // Red envelopes whose window is over give what is left back to the house (issue 14 item 2).
      name: 'red_envelopes_close',
      every: '* * * * *',
      pass: async () => {
        const result = await envelopes.runPass();
        return noteIf(result.closed, 'red envelopes: windows closed', result);
      },
    },
    {
      // Raffles whose draw time has come are drawn (issue 14 item 2).
      name: 'raffle_draws',
      every: '* * * * *',
      pass: async () => {
        const result = await raffle.runPass();
        return noteIf(result.drawn, 'raffles: drawn', result);
      },
    },
    {
      // Lottery draws due, drawn once each (late after downtime, missed slots recorded), and their
      // tickets settled (issue 15 item 1, ADR 0021); servers also run it every 2 s (main.ts).
      name: 'lottery_draws',
      every: '* * * * *',
      pass: async (now) => {
        const result = await lottery.draws.runPass(now);
        return noteIf(result.late || result.missed, 'lottery: draws caught up', result);
      },
    },
    {
      // Outstanding sports corrections taken once the member has funds again (ADR 0024).
      name: 'sports_corrections',
      every: '*/5 * * * *',
      pass: async () => {
        const result = await corrections.runPass();
        return noteIf(result.slips || result.refused, 'sports corrections: collected', {
          ...result,
          collected: result.collected.toString(),
        });
      },
    },
    {
      // Sports slips marked by a result, correction or cancel and not yet settled (a server killed
      // mid-settlement): finished in batches, each slip once (ADR 0024 addendum).
      name: 'sports_settle',
      every: '* * * * *',
      pass: async () => {
        const result = await sportsSettler.settleDue();
        return noteIf(result.settled, 'sports: slips settled', result);
      },
    },
    ...(sportsFeed
      ? [
          {
            // The sportsbook's feeds applied from their cursors (issue 15 item 3); servers also run it
            // every few seconds (modules/sports/live/routes.ts), this catches up after downtime.
            name: 'sports_feed',
            every: '* * * * *',
            pass: async () => {
              const result = await sportsFeed.runPass();
              return noteIf(result.applied || result.failed, 'sports feed: changes applied', result);
            },
          },
        ]
      : []),
  ];
}

/**
 * graphile-worker's cron records each tick in PostgreSQL (known_crontabs), so with several server
 * instances a tick is queued once; the job key keeps at most one pass of a task queued at a time.
 */
export const crontabLine = (task: PeriodicTask) =>
  `${task.every} ${task.name} ?jobKey=${task.name}&jobKeyMode=preserve_run_at&max=3`;
