import type pg from 'pg';
import { crashMultiplierAt, crashTimeOf } from '@khela/games';
import type { CrashGame, CrashRoundRow } from './crash-game.ts';

/** How long a round takes bets; the pause after a crash before the next round opens. */
export interface CrashSchedule {
  bettingMs: number;
  pauseMs: number;
}

/** Every instance asks this often for the leadership of merchants nobody leads. */
const CLAIM_EVERY_MS = 1_000;
/** The longest single sleep: a leader that lost its lock notices within it. */
const MAX_SLEEP_MS = 250;
/** The advisory lock's first key (the second is the merchant): "KC". */
const LOCK_CLASS = 0x4b43;

export interface CrashLeaderDeps {
  game: CrashGame;
  /** A fresh connection outside the pool: it holds the advisory locks. */
  connect: () => pg.Client | null;
  /**
   * The merchants to lead: those whose crash game is playable now (new rounds open only for them),
   * and those with a round or a bet left to finish (the game switched off meanwhile).
   */
  merchants: () => Promise<{ id: number; playable: boolean }[]>;
  schedule: CrashSchedule;
  onError?: (error: unknown) => void;
}

/**
 * Runs each merchant's crash rounds from exactly one instance (issue 12 item 2): every instance
 * tries pg_try_advisory_lock(KC, merchant) on its own connection; the holder opens rounds, starts
 * them, pays automatic cash-outs and crashes them on time. The lock goes with the connection, so
 * when a leader dies another instance takes the merchant over within a second and goes on from
 * the round's state in the database (a round's end is fixed by its start and its hash). Two
 * leaders for a moment can do no harm: each step is a conditional write (crash-game.ts).
 */
export function crashLeader(deps: CrashLeaderDeps) {
  const { schedule } = deps;
  /** The merchants this instance leads, each with its loop's token (a lost lock clears them). */
  const leading = new Map<number, symbol>();
  const loops = new Set<Promise<void>>();
  let client: pg.Client | null = null;
  let connecting: Promise<pg.Client> | null = null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const report = (error: unknown) => {
    if (!stopped) deps.onError?.(error);
  };
  const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, Math.max(0, ms)).unref());

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    leading.clear(); // loops see they no longer lead and stop
    void which.end().catch(() => undefined);
  }

  async function lockClient(): Promise<pg.Client> {
    if (client) return client;
    connecting ??= (async () => {
      const fresh = deps.connect();
      if (!fresh) throw new Error('no database connection for the crash leader');
      fresh.on('error', () => lost(fresh));
      fresh.on('end', () => lost(fresh));
      await fresh.connect();
      client = fresh;
      return fresh;
    })().finally(() => (connecting = null));
    return connecting;
  }

  const leads = (merchantId: number, loop: symbol) => leading.get(merchantId) === loop && !stopped;

  /** Sleeps until `ms` from now in short steps; false once this instance no longer leads. */
  async function wait(merchantId: number, loop: symbol, ms: number): Promise<boolean> {
    const until = Date.now() + ms;
    while (leads(merchantId, loop)) {
      const left = until - Date.now();
      if (left <= 0) return true;
      await sleep(Math.min(left, MAX_SLEEP_MS));
    }
    return false;
  }

  /** A running round: automatic cash-outs as the multiplier reaches them, then the crash on time. */
  async function run(merchantId: number, loop: symbol, round: CrashRoundRow, startedAtLocal: number) {
    const endsAfter = await deps.game.endsAfterMs(round);
    const autos = (await deps.game.pendingAutoCashOuts(round.id)).filter((auto) => crashTimeOf(auto) < endsAfter);
    for (const auto of autos) {
      if (!(await wait(merchantId, loop, startedAtLocal + crashTimeOf(auto) - Date.now()))) return;
      await deps.game.settleAutoCashOuts(round, Math.min(crashMultiplierAt(Date.now() - startedAtLocal), auto));
    }
    if (!(await wait(merchantId, loop, startedAtLocal + endsAfter - Date.now()))) return;
    await deps.game.crash(round.id);
  }

  /** One merchant's rounds, one after another, while this instance leads it. */
  async function lead(merchantId: number, loop: symbol) {
    while (leads(merchantId, loop)) {
      try {
        await deps.game.settleCrashedBets(merchantId);
        let live = await deps.game.liveRound(merchantId);
        if (!live) {
          const merchant = (await deps.merchants()).find((m) => m.id === merchantId);
          if (!merchant?.playable) break; // switched off: its last round is over, no new one
          await deps.game.openRound(merchantId, schedule.bettingMs);
          live = await deps.game.liveRound(merchantId);
          if (!live) continue;
        }
        let { round, now } = live;
        if (round.state === 'betting') {
          if (!(await wait(merchantId, loop, round.betting_ends_at.getTime() - now.getTime()))) break;
          const started = await deps.game.start(round.id);
          if (!started) continue;
          ({ round, now } = started);
        }
        // The database's clock set started_at: the round's time on ours is its distance from `now`.
        const startedAtLocal = Date.now() - (now.getTime() - round.started_at!.getTime());
        await run(merchantId, loop, round, startedAtLocal);
        if (!(await wait(merchantId, loop, schedule.pauseMs))) break;
      } catch (error) {
        report(error);
        if (!(await wait(merchantId, loop, CLAIM_EVERY_MS))) break;
      }
    }
    if (leading.get(merchantId) === loop) {
      leading.delete(merchantId);
      await client?.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_CLASS, merchantId]).catch(() => undefined);
    }
  }

  async function claim() {
    const merchants = await deps.merchants();
    const free = merchants.map((m) => m.id).filter((id) => !leading.has(id));
    if (!free.length) return;
    const locks = await lockClient();
    for (const merchantId of free) {
      const { rows } = await locks.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1, $2) AS locked', [
        LOCK_CLASS,
        merchantId,
      ]);
      if (!rows[0]?.locked || stopped || client !== locks) continue;
      const token = Symbol(`crash leader of merchant ${merchantId}`);
      leading.set(merchantId, token);
      const loop = lead(merchantId, token).finally(() => loops.delete(loop));
      loops.add(loop);
    }
  }

  return {
    start() {
      const tick = () =>
        void claim()
          .catch(report)
          .finally(() => {
            if (!stopped) timer = setTimeout(tick, CLAIM_EVERY_MS).unref();
          });
      tick();
    },

    /** Merchants this instance leads now (tests, metrics). */
    leads: () => [...leading.keys()],

    async stop() {
      stopped = true;
      clearTimeout(timer);
      leading.clear();
      await Promise.all([...loops].map((loop) => loop.catch(() => undefined)));
      const held = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      held?.removeAllListeners('end');
      await held?.end().catch(() => undefined);
    },
  };
}
export type CrashLeader = ReturnType<typeof crashLeader>;
