import { SWITCH_PARENT, type SwitchId } from '@khela/contracts';
import type { Db } from '../db/database.ts';
import type { MerchantContext } from '../http/context.ts';
import { switchIsOn } from '../http/route.ts';
import type { MerchantRepository } from '../modules/merchants/repository.ts';
import { systemRepository } from '../modules/system/repository.ts';
import type { SiteAccessReader } from '../modules/system/site-access.ts';
import type { ChangeFeed } from './change-feed.ts';
import { memoCache } from './memo-cache.ts';

/** How long an instance serves site settings without hearing of a change (the backstop). */
export const SITE_CACHE_TTL_MS = 30_000;
/** Hosts and merchant codes remembered, unknown ones included; past it the memory starts again. */
const MAX_LOOKUPS = 2000;

interface MaintenanceWindow {
  starts_at: Date;
  ends_at: Date | null;
  message: { bn: string; en: string };
}

/**
 * What every request reads before its handler, kept per instance (issue 11 item 2: the lobby's
 * per-request cost): the merchant of a Merchant header or host (tenancy), its switches (route.ts),
 * its maintenance windows and region rules (the access gate). Operator changes reach every instance
 * through the site triggers of migration 0012 (NOTIFY → the change feed), which drop it all;
 * a short TTL backs a lost notification. With `ttlMs` 0 every read goes to the database.
 */
export function siteConfigCache(deps: { db: Db; merchants: MerchantRepository; feed: ChangeFeed; ttlMs: number }) {
  const options = { feed: deps.feed, scope: 'site' as const, ttlMs: deps.ttlMs, dropAllOnChange: true };
  const lookups = memoCache<MerchantContext | null>({ ...options, maxEntries: MAX_LOOKUPS });
  const switches = memoCache<Map<string, boolean>>(options);
  const windows = memoCache<MaintenanceWindow[]>(options);
  const rules = memoCache<{ kind: 'country' | 'cidr'; value: string }[]>(options);
  const system = systemRepository(deps.db);

  const merchants: MerchantRepository = {
    byCode: (code) => lookups.get(null, `code:${code.toLowerCase()}`, () => deps.merchants.byCode(code)),
    byHost: (host) => lookups.get(null, `host:${host.toLowerCase()}`, () => deps.merchants.byHost(host)),
    byId: (id) => lookups.get(null, `id:${id}`, () => deps.merchants.byId(id)),
  };

  const cachedAccess: SiteAccessReader = {
    async activeMaintenance(merchantId) {
      const upcoming = await windows.get(merchantId, 'windows', () =>
        deps.db
          .selectFrom('maintenance_windows')
          .select(['starts_at', 'ends_at', 'message'])
          .where('merchant_id', '=', merchantId)
          .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', new Date())]))
          .execute(),
      );
      return windowOpenNow(upcoming);
    },
    regionRules: (merchantId) => rules.get(merchantId, 'rules', () => system.regionRules(merchantId)),
    peek(merchantId) {
      const upcoming = windows.peek(merchantId, 'windows');
      const known = rules.peek(merchantId, 'rules');
      return upcoming && known && { maintenance: windowOpenNow(upcoming), rules: known };
    },
  };

  function switchesOn(enabled: Map<string, boolean>, modId: string): boolean {
    for (let id: SwitchId | undefined = modId as SwitchId; id; id = SWITCH_PARENT[id]) {
      if (enabled.get(id) !== true) return false;
    }
    return true;
  }

  return {
    merchants: deps.ttlMs > 0 ? merchants : deps.merchants,
    access: deps.ttlMs > 0 ? cachedAccess : system,
    /** route.ts's switch check: the switch and every one above it on (SWITCH_PARENT). */
    async switchIsOn(merchantId: number, modId: string): Promise<boolean> {
      if (deps.ttlMs <= 0) return switchIsOn(deps.db, merchantId, modId);
      const enabled = await switches.get(merchantId, 'switches', async () => {
        const rows = await system.switches(merchantId);
        return new Map(rows.map((row) => [row.mod_id, row.enabled]));
      });
      return switchesOn(enabled, modId);
    },
    /** The same from memory alone; undefined when the merchant's switches are not in memory. */
    switchIsOnNow(merchantId: number, modId: string): boolean | undefined {
      const enabled = switches.peek(merchantId, 'switches');
      return enabled && switchesOn(enabled, modId);
    },
  };
}

/** The window in force now, chosen as the repository does: the longest of those open now. */
function windowOpenNow(upcoming: MaintenanceWindow[]): MaintenanceWindow | undefined {
  // The common case, asked on every hot read: nothing planned, nothing to sort.
  if (upcoming.length === 0) return undefined;
  const now = Date.now();
  const open = upcoming.filter(
    (w) => w.starts_at.getTime() <= now && (w.ends_at === null || w.ends_at.getTime() > now),
  );
  open.sort(
    (a, b) =>
      (b.ends_at?.getTime() ?? Infinity) - (a.ends_at?.getTime() ?? Infinity) ||
      a.starts_at.getTime() - b.starts_at.getTime(),
  );
  return open[0];
}
export type SiteConfigCache = ReturnType<typeof siteConfigCache>;
