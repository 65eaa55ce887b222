import type { FastifyBaseLogger } from 'fastify';
import { countryOfIp, normaliseIp } from './geoip.ts';
import { compileRegionRules, isRegionBlocked, type CompiledRegionRules, type RegionRule } from './region-rules.ts';
import type { SystemRepository } from './repository.ts';

export interface SiteAccess {
  ip: string;
  country: string | null;
  /** The maintenance window in force, if any (§4: it wins over a region block). */
  maintenance: { startsAt: Date; endsAt: Date | null; message: { bn: string; en: string } } | null;
  regionRestricted: boolean;
}

/** What the access check reads: the repository's, or the instance's cached copy (cache/site-config.ts). */
export type SiteAccessReader = Pick<SystemRepository, 'activeMaintenance' | 'regionRules'> & {
  /** Both from memory alone, when the cached copy has them now. */
  peek?: (merchantId: number) => { maintenance: unknown; rules: readonly RegionRule[] } | undefined;
};

/** Whether a visitor may use a merchant's site right now: maintenance windows and region rules. */
export function siteAccessService(repository: SiteAccessReader) {
  // A cached reader hands out the same rule list until it changes: each list is compiled once.
  const compiled = new WeakMap<readonly RegionRule[], CompiledRegionRules>();
  function compiledOf(rules: readonly RegionRule[], merchantId: number, log: FastifyBaseLogger) {
    let found = compiled.get(rules);
    if (!found) {
      found = compileRegionRules(rules);
      if (found.malformed.length) log.warn({ merchantId, rules: found.malformed }, 'unreadable region rules ignored');
      compiled.set(rules, found);
    }
    return found;
  }

  /** The gate's verdict from memory alone; undefined when a part is not in memory or a rule names a country. */
  function verdictFromMemory(merchantId: number, clientIp: string, log: FastifyBaseLogger): boolean | undefined {
    const known = repository.peek?.(merchantId);
    if (!known) return undefined;
    if (known.maintenance) return false;
    const region = compiledOf(known.rules, merchantId, log);
    if (region.countries.size > 0) return undefined; // the GeoIP look-up is asynchronous
    // No address rules (the common case): nothing to parse per request.
    return !region.ranges || !isRegionBlocked(region, normaliseIp(clientIp), null);
  }

  const service = {
    /**
     * Whether the gate lets the visitor through (the hot-read fast path): at once when everything
     * it needs is in memory, else through check().
     */
    mayEnter(merchantId: number, clientIp: string, log: FastifyBaseLogger): boolean | Promise<boolean> {
      return (
        verdictFromMemory(merchantId, clientIp, log) ??
        service
          .check(merchantId, clientIp, log, { countryOnlyForRules: true })
          .then((state) => !state.maintenance && !state.regionRestricted)
      );
    },

    /**
     * `countryOnlyForRules`: the gate of every call needs the visitor's country only when a rule
     * names one (the status call shows it always).
     */
    async check(
      merchantId: number,
      clientIp: string,
      log: FastifyBaseLogger,
      { countryOnlyForRules = false } = {},
    ): Promise<SiteAccess> {
      const ip = normaliseIp(clientIp);
      const [window, rules] = await Promise.all([
        repository.activeMaintenance(merchantId),
        repository.regionRules(merchantId),
      ]);
      const region = compiledOf(rules, merchantId, log);
      const country = countryOnlyForRules && region.countries.size === 0 ? null : await countryOfIp(ip);
      return {
        ip,
        country,
        maintenance: window ? { startsAt: window.starts_at, endsAt: window.ends_at, message: window.message } : null,
        regionRestricted: isRegionBlocked(region, ip, country),
      };
    },
  };
  return service;
}
export type SiteAccessService = ReturnType<typeof siteAccessService>;
