import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { dedicatedClientOf, isDatabaseGoingAway } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { openEventStream } from '../../../http/event-stream.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { ledger as createLedger } from '../../ledger/ledger.ts';
import { sportsBook } from '../book.ts';
import { feedDelayAfter, sportsFeedPass } from '../feed/pass.ts';
import { hotMatches } from './hot-matches.ts';
import { sportsLiveHub } from './hub.ts';

export interface SportsLiveOptions {
  heartbeatMs?: number | undefined;
  /** How long hot matches are kept per merchant and language (ms). */
  hotMatchesTtlMs?: number | undefined;
  /** Apply the merchants' feeds from this instance every this many ms (main.ts); tests run passes themselves. */
  feedTickMs?: number | undefined;
}

/** The sportsbook's live stream and hot matches (issue 15 item 3). */
export function registerSportsLiveRoutes(app: FastifyInstance, deps: AppDeps, options: SportsLiveOptions = {}) {
  const hub = sportsLiveHub({
    connect: () => dedicatedClientOf(deps.db),
    onError: (error) => {
      if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'sports changes: cannot listen (retrying)');
    },
  });
  // Streams end before the server waits for its connections to close.
  app.addHook('preClose', () => hub.close());
  const hot = hotMatches(deps.db, { ttlMs: options.hotMatchesTtlMs });
  const call = endpoints.sportsLive;

  registerEndpoint(app, deps, call.live, async ({ req, reply, merchant, query }) => {
    try {
      await hub.ready();
    } catch (error) {
      req.log.error({ err: error }, 'sports changes: cannot listen');
      throw new AppError('server.network_abnormal');
    }
    let remove = () => {};
    const stream = openEventStream(req, reply, { heartbeatMs: options.heartbeatMs, onClose: () => remove() });
    remove = hub.add({
      merchantId: merchant.id,
      eventIds: new Set(query.eventIds),
      send: (change) => stream.send(change.kind, change),
      close: stream.close,
    });
    return undefined as never;
  });

  registerEndpoint(app, deps, call.hotMatches, async ({ merchant, language }) => ({
    list: await hot.list(merchant.id, language),
  }));

  if (options.feedTickMs) {
    // Odds move within seconds; the job queue's minute pass (jobs/tasks.ts) catches up after downtime.
    const feed = sportsFeedPass({
      db: deps.db,
      book: sportsBook({ db: deps.db, ledger: createLedger({ db: deps.db }), secrets: deps.secrets }),
      onError: (error, name) => {
        if (!isDatabaseGoingAway(error))
          app.log.warn({ err: error, feed: name }, 'sports feed: a pull or change failed');
      },
    });
    // An idle server should burn nothing: a pass that found nothing to apply doubles the wait before
    // the next (up to FEED_IDLE_MAX_MS); one that applied something goes back to feedTickMs.
    const tickMs = options.feedTickMs;
    let delayMs = tickMs;
    let running: Promise<unknown> | null = null;
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    const schedule = () => {
      if (!closed) timer = setTimeout(runPass, delayMs).unref();
    };
    const runPass = () => {
      running = feed
        .runPass()
        .then(
          (pass) => (delayMs = feedDelayAfter(pass, delayMs, tickMs)),
          (error: unknown) => {
            delayMs = tickMs;
            if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'sports feed: pass failed');
          },
        )
        .finally(() => {
          running = null;
          schedule();
        });
    };
    schedule();
    app.addHook('preClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  }

  return { hub };
}
