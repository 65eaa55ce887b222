import type { RouteDeps } from './http/route.ts';
import type { EmailProvider, SmsProvider } from './modules/messaging/providers.ts';
import type { MerchantRepository } from './modules/merchants/repository.ts';
import type { Lockouts } from './modules/rate-limit/lockouts.ts';
import type { RateLimiter } from './modules/rate-limit/rate-limiter.ts';
import type { SecretBox } from './modules/secrets/secret-box.ts';

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
}
