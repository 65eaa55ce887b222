import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AnnouncementsTable } from '../../db/schema.ts';

type AnnouncementType = AnnouncementsTable['type'];

/** The player-facing reads of §7 System: every answer comes from the merchant's rows. */
export function systemRepository(db: Db) {
  return {
    siteSettings(merchantId: number) {
      return db
        .selectFrom('merchants')
        .leftJoin('referral_settings as r', 'r.merchant_id', 'merchants.id')
        .select([
          'main_domain',
          'gtag_id',
          'image_cdns',
          'launch_game_cdns',
          'time_zone',
          'r.enabled as referral_enabled',
        ])
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
    },

    domains(merchantId: number) {
      return db
        .selectFrom('merchant_domains')
        .select(['domain', 'kind', 'affiliate_code'])
        .where('merchant_id', '=', merchantId)
        .orderBy(sql`CASE kind WHEN 'main' THEN 0 WHEN 'mirror' THEN 1 ELSE 2 END`)
        .orderBy('domain')
        .execute();
    },

    switches(merchantId: number) {
      return db
        .selectFrom('whitelabel_switches')
        .select(['mod_id', 'enabled'])
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    registrationRules(merchantId: number) {
      return db
        .selectFrom('registration_rules')
        .select(['field', 'enabled', 'required', 'pattern_id', 'min_length', 'max_length'])
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    customerService(merchantId: number) {
      return db
        .selectFrom('customer_service')
        .select(['id', 'cs_type', 'cs_position', 'title', 'url'])
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .orderBy('sequence')
        .orderBy('id')
        .execute();
    },

    resources(merchantId: number) {
      return db
        .selectFrom('resources')
        .select(['id', 'resource_type', 'url', 'label'])
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .orderBy('id')
        .execute();
    },

    /**
     * The window in force now (starts_at <= now < ends_at, or open-ended). When several overlap,
     * the one that lasts longest, so the end time shown is the real end of the outage.
     */
    activeMaintenance(merchantId: number) {
      return db
        .selectFrom('maintenance_windows')
        .select(['starts_at', 'ends_at', 'message'])
        .where('merchant_id', '=', merchantId)
        .where('starts_at', '<=', sql<Date>`now()`)
        .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
        .orderBy(sql`ends_at DESC NULLS FIRST`)
        .orderBy('starts_at')
        .limit(1)
        .executeTakeFirst();
    },

    regionRules(merchantId: number) {
      return db.selectFrom('region_rules').select(['kind', 'value']).where('merchant_id', '=', merchantId).execute();
    },

    activeBanners(merchantId: number) {
      return db
        .selectFrom('banners')
        .select(['id', 'group_name', 'title', 'url', 'linkage', 'linkage_type', 'video', 'sequence'])
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .orderBy('sequence')
        .orderBy('id')
        .execute();
    },

    /** Active announcements of `types` already published. */
    publishedAnnouncements(merchantId: number, types: readonly AnnouncementType[]) {
      return db
        .selectFrom('announcements')
        .select(['id', 'type', 'title', 'content', 'execution', 'images', 'sequence', 'published_at'])
        .where('merchant_id', '=', merchantId)
        .where('type', 'in', types)
        .where('active', '=', true)
        .where('published_at', '<=', sql<Date>`now()`)
        .orderBy('sequence')
        .orderBy('id')
        .execute();
    },

    activeHelpArticles(merchantId: number, devices: readonly ('WEB' | 'MOBILE' | 'ALL')[]) {
      return db
        .selectFrom('help_articles')
        .select(['tag', 'title', 'content'])
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .where('device', 'in', devices)
        .orderBy('sequence')
        .orderBy('id')
        .execute();
    },
  };
}
export type SystemRepository = ReturnType<typeof systemRepository>;
