import type { ChangeFeed } from './cache/change-feed.ts';
import type { RouteDeps } from './http/route.ts';
import type { GameWallets } from './modules/games/transfer-wallet/game-wallets.ts';
import type { EmailProvider, SmsProvider } from './modules/messaging/providers.ts';
import type { MerchantRepository } from './modules/merchants/repository.ts';
import type { Lockouts } from './modules/rate-limit/lockouts.ts';
import type { RateLimiter } from './modules/rate-limit/rate-limiter.ts';
import type { SecretBox } from './modules/secrets/secret-box.ts';
import type { SiteAccessReader } from './modules/system/site-access.ts';

/**
 * Everything a feature module needs; modules never reach for globals. Its own module, so that
 * app.ts can import the modules' routes and the routes this type without a cycle.
 */
export interface AppDeps extends RouteDeps {
  merchants: MerchantRepository;
  /** Throttles: sliding windows per key (per IP, per destination). */
  rateLimits: RateLimiter;
  /** Lockouts: consecutive failures per account. */
  lockouts: Lockouts;
  secrets: SecretBox;
  sms: SmsProvider;
  email: EmailProvider;
  /** Catalogue and site changes heard from every instance: caches drop what changed. */
  changes: ChangeFeed;
  /** Maintenance windows and region rules for the access gate (cached per instance when enabled). */
  siteAccess: SiteAccessReader;
  /** How long a checked member session is trusted without checking again (0: checked every call). */
  sessionCheckTtlMs: number;
  /** Transfer-wallet vendors: moves between the main wallet and theirs, and their reconciliation. */
  gameWallets: GameWallets;
}
