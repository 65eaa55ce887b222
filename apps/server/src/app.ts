import Fastify, { type FastifyInstance } from 'fastify';
import { MAX_BODY_BYTES } from '@khela/contracts';
import { dedicatedClientOf, isDatabaseGoingAway, type Db } from './db/database.ts';
import type { WireKeys } from './http/encryption.ts';
import type { SecretBox } from './modules/secrets/secret-box.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { hotReads as createHotReads, requestIdOf, serverWithHotReads, trustHops } from './http/hot-reads.ts';
import { installBinaryBodyParser } from './http/binary-body.ts';
import { installFormBodyParser } from './http/form-body.ts';
import { installJsonBodyParser } from './http/json-body.ts';
import type { AuthStrategies } from './http/route.ts';
import type { AppDeps } from './deps.ts';
import { registerAdminRoutes } from './modules/admin/routes.ts';
import { registerCashierRoutes } from './modules/cashier/routes.ts';
import type { CrashOptions } from './modules/games/inhouse/crash/routes.ts';
import { registerGameRoutes } from './modules/games/routes.ts';
import { SESSION_CHECK_TTL_MS } from './modules/sessions/member-sessions.ts';
import { gameWallets } from './modules/games/transfer-wallet/game-wallets.ts';
import { scheduleTransferReconciliation } from './modules/games/transfer-wallet/reconciliation.ts';
import { ledger as createLedger } from './modules/ledger/ledger.ts';
import { registerMemberRoutes } from './modules/members/routes.ts';
import { registerDevOutbox } from './modules/messaging/dev-outbox.ts';
import { registerDevSettlement } from './modules/agents/settlement/dev-routes.ts';
import { registerPasswordRoutes } from './modules/passwords/routes.ts';
import { registerVerificationRoutes } from './modules/verification/routes.ts';
import { outboxProviders, type EmailProvider, type SmsProvider } from './modules/messaging/providers.ts';
import { merchantRepository } from './modules/merchants/repository.ts';
import { changeFeed } from './cache/change-feed.ts';
import { siteConfigCache } from './cache/site-config.ts';
import { lockouts } from './modules/rate-limit/lockouts.ts';
import { databaseClock, rateLimiter, type Clock } from './modules/rate-limit/rate-limiter.ts';
import { registerProtectionRoutes } from './modules/protection/routes.ts';
import { registerSupportRoutes } from './modules/support/routes.ts';
import { registerSystemRoutes } from './modules/system/routes.ts';
import { registerNotificationRoutes } from './modules/notifications/routes.ts';
import { registerWalletRoutes } from './modules/wallet/routes.ts';
import { registerAgentContractRoutes } from './modules/agents/contracts/routes.ts';
import { registerAgentReportRoutes } from './modules/agents/reports/routes.ts';
import { registerAgentDownlineRoutes } from './modules/agents/downlines/routes.ts';
import { registerDevReferralRewards, registerReferralRoutes } from './modules/agents/referral/routes.ts';
import { registerDevVipRanks, registerVipRoutes } from './modules/vip/routes.ts';
import { registerDevRebates, registerRebateRoutes } from './modules/rebates/routes.ts';
import { registerContentRoutes } from './modules/content/routes.ts';
import { registerLuckyRoutes } from './modules/lucky/routes.ts';
import { registerLotteryRoutes, type LotteryOptions } from './modules/lottery/routes.ts';
import { registerCockfightRoutes } from './modules/cockfight/routes.ts';
import { registerSportsRoutes } from './modules/sports/routes.ts';
import { registerSportsLiveRoutes, type SportsLiveOptions } from './modules/sports/live/routes.ts';
import { collectCorrectionsOnCredit } from './modules/sports/corrections.ts';
import { registerDevMissions, registerMissionRoutes } from './modules/missions/routes.ts';
import { registerDevPromotions, registerPromotionRoutes } from './modules/promotions/routes.ts';
import { registerDevPointEarning, registerPointRoutes } from './modules/points/routes.ts';
import { registerDevSandboxFeedFinish } from './modules/sports/feed/sandbox-dev-route.ts';
import { registerSeamlessRoutes } from './modules/seamless/routes.ts';
import { registerApiDocs } from './plugins/api-docs.ts';
import { registerObservability } from './plugins/observability.ts';
import { registerSecurityHeaders } from './plugins/security-headers.ts';
import { registerTenancy } from './plugins/tenancy.ts';
import { siteAccessService } from './modules/system/site-access.ts';
import { Counter } from 'prom-client';
import { registerWeb } from './plugins/web.ts';
import { registerConsole } from './plugins/console.ts';
import { registerDashboardRoutes } from './modules/admin/dashboard.ts';
import { registerReportRoutes } from './modules/admin/reports.ts';
import { registerTransferAdminRoutes } from './modules/games/transfer-wallet/admin-routes.ts';

export interface AppOptions {
  db: Db;
  wireKeys: WireKeys;
  /** Seals the vendor and gateway secrets the database keeps (modules/secrets). */
  secrets: SecretBox;
  webDist: string;
  /** The operator console's build (issue 16); left out, /console answers that it is not built. */
  consoleDist?: string;
  logLevel?: string;
  trustProxy?: number;
  /** Parse every response with its contract (on outside production). */
  validateResponses?: boolean;
  version?: string;
  /** GET /dev/outbox and other development routes (config DEV_ENDPOINTS; never in production). */
  devEndpoints?: boolean;
  /** Message gateways; by default both write the outbox table. */
  sms?: SmsProvider;
  email?: EmailProvider;
  /** Extra routes (tests only). */
  configure?: (app: FastifyInstance, deps: AppDeps) => void;
  /** The instant throttles and lockouts are measured at (tests only; the database's clock by default). */
  clock?: Clock;
  /** How long a transfer-wallet vendor may take to answer (ms); tests shorten it. */
  transferTimeoutMs?: number;
  /**
   * Keep the merchant, switches, maintenance windows and region rules every request reads, this
   * long at most (cache/site-config.ts; main.ts: SITE_CACHE_TTL_MS). 0, the default: read them
   * every time (tests that write those rows directly rely on it).
   */
  siteCacheTtlMs?: number;
  /** Crash's shared rounds: run them from this instance when it leads (main.ts); tests ask for it. */
  crash?: CrashOptions;
  /** The lottery's draw pass on a timer (main.ts); tests run passes themselves. */
  lottery?: LotteryOptions;
  /** The sportsbook's live stream and its feed pass on a timer (main.ts; tests run passes themselves). */
  sportsLive?: SportsLiveOptions;
}

export type { AppDeps } from './deps.ts';

const REDACTED = [
  'req.headers.authorization',
  'req.headers.encryption',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
];

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: options.logLevel ?? 'info', redact: { paths: REDACTED, censor: '[redacted]' } },
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit: MAX_BODY_BYTES,
    // Trust X-Forwarded-For from exactly this many proxies in front of us.
    trustProxy: trustHops(options.trustProxy ?? 0),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // The hot-read fast path needs the site's checks cached like its answers: on with the site cache.
    ...(options.siteCacheTtlMs && { serverFactory: serverWithHotReads(() => deps.hotReads) }),
  });
  app.decorate('wireKeys', options.wireKeys);
  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  registerSecurityHeaders(app, { devEndpoints: options.devEndpoints });

  // One listening connection per instance hears catalogue and site changes (cache/change-feed.ts).
  const changes = changeFeed({
    connect: () => dedicatedClientOf(options.db),
    onError: (error) => {
      if (!isDatabaseGoingAway(error)) app.log.warn({ err: error }, 'cache changes: cannot listen (retrying)');
    },
  });
  app.addHook('onReady', () => changes.start());
  app.addHook('preClose', () => changes.close());
  const site = siteConfigCache({
    db: options.db,
    merchants: merchantRepository(options.db),
    feed: changes,
    ttlMs: options.siteCacheTtlMs ?? 0,
  });
  if (options.siteCacheTtlMs) {
    // An operator's write shows in this instance's next answer: its site cache goes before the
    // operator hears back (the other instances hear the triggers' NOTIFY a moment later).
    app.addHook('onSend', (req, _reply, payload, done) => {
      if (req.method !== 'GET' && req.routeOptions.config.endpoint?.auth === 'operator') {
        changes.announce({ scope: 'site', merchantId: null });
      }
      done(null, payload);
    });
  }
  const merchants = site.merchants;
  const auth: AuthStrategies = {};
  const deps: AppDeps = {
    db: options.db,
    auth,
    validateResponses: options.validateResponses ?? false,
    switchIsOn: site.switchIsOn,
    changes,
    // On with the site cache (main.ts), off in tests that write session rows directly.
    sessionCheckTtlMs: options.siteCacheTtlMs ? SESSION_CHECK_TTL_MS : 0,
    siteAccess: site.access,
    merchants,
    rateLimits: rateLimiter(options.db, options.clock ?? databaseClock),
    lockouts: lockouts(options.db, options.clock ?? databaseClock),
    secrets: options.secrets,
    gameWallets: gameWallets({
      db: options.db,
      ledger: createLedger(options),
      secrets: options.secrets,
      ...(options.transferTimeoutMs && { timeoutMs: options.transferTimeoutMs }),
    }),
    ...outboxProviders(options.db),
    ...(options.sms && { sms: options.sms }),
    ...(options.email && { email: options.email }),
  };

  registerTenancy(app, merchants);
  installJsonBodyParser(app);
  installFormBodyParser(app);
  installBinaryBodyParser(app);
  registerObservability(app, options.db);
  if (options.siteCacheTtlMs) {
    const access = siteAccessService(site.access);
    // Counted in plain numbers, read when scraped (a prom-client inc per hot read was 2 % of its CPU).
    const servedByRoute = new Map<string, number>();
    new Counter({
      name: 'http_hot_reads_total',
      help: 'Lobby reads answered by the hot-read fast path, by route',
      labelNames: ['route'],
      registers: [app.metrics],
      collect() {
        this.reset();
        for (const [route, served] of servedByRoute) this.inc({ route }, served);
      },
    });
    deps.hotReads = createHotReads({
      feed: changes,
      trustProxyHops: options.trustProxy ?? 0,
      switchIsOn: (merchantId, modId) => site.switchIsOnNow(merchantId, modId) ?? site.switchIsOn(merchantId, modId),
      mayEnter: (merchantId, ip) => access.mayEnter(merchantId, ip, app.log),
      onServed: (route) => servedByRoute.set(route, (servedByRoute.get(route) ?? 0) + 1),
    });
  }
  registerApiDocs(app, options.version ?? '0.0.0');
  installErrorHandling(app, await registerWeb(app, options.webDist));
  await registerConsole(app, options.consoleDist);

  registerAdminRoutes(app, deps);
  registerDashboardRoutes(app, deps);
  registerReportRoutes(app, deps);
  registerTransferAdminRoutes(app, deps);
  registerSystemRoutes(app, deps);
  registerSupportRoutes(app, deps);
  registerMemberRoutes(app, deps);
  registerVerificationRoutes(app, deps);
  registerPasswordRoutes(app, deps);
  registerProtectionRoutes(app, deps);
  registerGameRoutes(app, deps, options.crash);
  registerCashierRoutes(app, deps);
  registerWalletRoutes(app, deps);
  registerAgentContractRoutes(app, deps);
  registerAgentReportRoutes(app, deps);
  registerAgentDownlineRoutes(app, deps);
  registerReferralRoutes(app, deps);
  registerVipRoutes(app, deps);
  registerRebateRoutes(app, deps);
  registerContentRoutes(app, deps, { sandboxChat: options.devEndpoints ?? false });
  registerLuckyRoutes(app, deps);
  registerLotteryRoutes(app, deps, { clock: options.clock, devEndpoints: options.devEndpoints, ...options.lottery });
  registerCockfightRoutes(app, deps);
  registerSportsRoutes(app, deps);
  registerSportsLiveRoutes(app, deps, options.sportsLive);
  collectCorrectionsOnCredit(app, { db: options.db, ledger: createLedger(options) });
  registerMissionRoutes(app, deps);
  registerPromotionRoutes(app, deps);
  registerPointRoutes(app, deps);
  registerNotificationRoutes(app, deps);
  registerSeamlessRoutes(app, deps, { devEndpoints: options.devEndpoints });
  scheduleTransferReconciliation(app, deps.gameWallets);
  if (options.devEndpoints) {
    registerDevOutbox(app, options.db);
    registerDevSettlement(app, options.db);
    registerDevReferralRewards(app, options.db);
    registerDevVipRanks(app, options.db);
    registerDevRebates(app, options.db);
    registerDevMissions(app, options.db);
    registerDevPromotions(app, options.db);
    registerDevPointEarning(app, options.db);
    registerDevSandboxFeedFinish(app, options.db);
  }
  options.configure?.(app, deps);
  return app;
}
