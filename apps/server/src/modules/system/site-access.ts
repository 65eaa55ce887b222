import type { FastifyBaseLogger } from 'fastify';
import { countryOfIp, normaliseIp } from './geoip.ts';
import { judgeRegion } from './region-rules.ts';
import type { SystemRepository } from './repository.ts';

export interface SiteAccess {
  ip: string;
  country: string | null;
  /** The maintenance window in force, if any (§4: it wins over a region block). */
  maintenance: { startsAt: Date; endsAt: Date | null; message: { bn: string; en: string } } | null;
  regionRestricted: boolean;
}

/** Whether a visitor may use a merchant's site right now: maintenance windows and region rules. */
export function siteAccessService(repository: SystemRepository) {
  return {
    async check(merchantId: number, clientIp: string, log: FastifyBaseLogger): Promise<SiteAccess> {
      const ip = normaliseIp(clientIp);
      const [window, rules, country] = await Promise.all([
        repository.activeMaintenance(merchantId),
        repository.regionRules(merchantId),
        countryOfIp(ip),
      ]);
      const region = judgeRegion(rules, ip, country);
      if (region.malformed.length) log.warn({ merchantId, rules: region.malformed }, 'unreadable region rules ignored');
      return {
        ip,
        country,
        maintenance: window ? { startsAt: window.starts_at, endsAt: window.ends_at, message: window.message } : null,
        regionRestricted: region.blocked,
      };
    },
  };
}
export type SiteAccessService = ReturnType<typeof siteAccessService>;
