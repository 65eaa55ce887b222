import type { z } from 'zod';
import {
  patternById,
  SWITCH_PARENT,
  SWITCHES,
  type Language,
  type merchantSettingsSchema,
  type registerRuleInputSchema,
  type RegistrationField,
  type SwitchId,
} from '@khela/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { RegistrationRulesTable } from '../../db/schema.ts';
import { recordAudit, type AuditActor } from '../audit/audit-log.ts';
import { fieldError } from './field-errors.ts';

type MerchantSettings = z.output<typeof merchantSettingsSchema>;
type RegisterRuleInput = z.output<typeof registerRuleInputSchema>;

const merchantColumns = [
  'code',
  'currency',
  'name',
  'default_language',
  'main_domain',
  'gtag_id',
  'image_cdns',
  'launch_game_cdns',
  'session_idle_minutes',
  'session_absolute_hours',
] as const;

function toMerchantSettings(row: {
  code: string;
  currency: string;
  name: string;
  default_language: 'bn' | 'en';
  main_domain: string;
  gtag_id: string | null;
  image_cdns: string[];
  launch_game_cdns: string[];
  session_idle_minutes: number;
  session_absolute_hours: number;
}) {
  return {
    code: row.code,
    currency: row.currency,
    name: row.name,
    defaultLanguage: row.default_language,
    mainDomain: row.main_domain,
    gtagId: row.gtag_id,
    imageCDNs: row.image_cdns,
    launchGameCDNs: row.launch_game_cdns,
    sessionIdleMinutes: row.session_idle_minutes,
    sessionAbsoluteHours: row.session_absolute_hours,
  };
}

function toSwitch(modId: SwitchId, enabled: boolean) {
  return { modId, name: SWITCHES[modId], enabled, parent: SWITCH_PARENT[modId] ?? null };
}

function toRule(row: Omit<Selectable<RegistrationRulesTable>, 'merchant_id'>) {
  return {
    field: row.field as RegistrationField,
    enabled: row.enabled,
    required: row.required,
    patternId: row.pattern_id,
    minLength: row.min_length,
    maxLength: row.max_length,
  };
}

/** Merchant settings, white-label switches (§3) and registration rules (§3, §5) of one merchant. */
export function settingsService(db: Db) {
  return {
    async merchant(merchantId: number) {
      const row = await db
        .selectFrom('merchants')
        .select(merchantColumns)
        .where('id', '=', merchantId)
        .executeTakeFirstOrThrow();
      return toMerchantSettings(row);
    },

    async updateMerchant(actor: AuditActor, settings: MerchantSettings) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('merchants')
          .select(merchantColumns)
          .where('id', '=', actor.merchantId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const row = await trx
          .updateTable('merchants')
          .set({
            name: settings.name,
            default_language: settings.defaultLanguage,
            main_domain: settings.mainDomain,
            gtag_id: settings.gtagId,
            image_cdns: settings.imageCDNs,
            launch_game_cdns: settings.launchGameCDNs,
            session_idle_minutes: settings.sessionIdleMinutes,
            session_absolute_hours: settings.sessionAbsoluteHours,
          })
          .where('id', '=', actor.merchantId)
          .returning(merchantColumns)
          .executeTakeFirstOrThrow();
        const after = toMerchantSettings(row);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'merchant',
          entityId: actor.merchantId,
          before: toMerchantSettings(before),
          after,
        });
        return after;
      });
    },

    /** Every known switch, in catalogue order; one without a row is off. */
    async switches(merchantId: number) {
      const rows = await db
        .selectFrom('whitelabel_switches')
        .select(['mod_id', 'enabled'])
        .where('merchant_id', '=', merchantId)
        .execute();
      const enabled = new Map(rows.map((r) => [r.mod_id, r.enabled]));
      return (Object.keys(SWITCHES) as SwitchId[]).map((modId) => toSwitch(modId, enabled.get(modId) ?? false));
    },

    async setSwitch(actor: AuditActor, modId: SwitchId, enabled: boolean) {
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('whitelabel_switches')
          .select('enabled')
          .where('merchant_id', '=', actor.merchantId)
          .where('mod_id', '=', modId)
          .forUpdate()
          .executeTakeFirst();
        await trx
          .insertInto('whitelabel_switches')
          .values({ merchant_id: actor.merchantId, mod_id: modId, enabled })
          .onConflict((oc) => oc.columns(['merchant_id', 'mod_id']).doUpdateSet({ enabled }))
          .execute();
        const after = toSwitch(modId, enabled);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'switches',
          entityId: modId,
          before: toSwitch(modId, before?.enabled ?? false),
          after,
        });
        return after;
      });
    },

    async registerRules(merchantId: number) {
      const rows = await db
        .selectFrom('registration_rules')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('field')
        .execute();
      return rows.map(toRule);
    },

    async setRegisterRule(actor: AuditActor, field: RegistrationField, rule: RegisterRuleInput, language: Language) {
      // §5: a rule points into the pattern catalogue.
      if (!patternById(rule.patternId)) throw fieldError('patternId', 'unknownPattern', language);
      return db.transaction().execute(async (trx) => {
        const before = await trx
          .selectFrom('registration_rules')
          .selectAll()
          .where('merchant_id', '=', actor.merchantId)
          .where('field', '=', field)
          .forUpdate()
          .executeTakeFirst();
        const values = {
          enabled: rule.enabled,
          required: rule.required,
          pattern_id: rule.patternId,
          min_length: rule.minLength,
          max_length: rule.maxLength,
        };
        const row = await trx
          .insertInto('registration_rules')
          .values({ merchant_id: actor.merchantId, field, ...values })
          .onConflict((oc) => oc.columns(['merchant_id', 'field']).doUpdateSet(values))
          .returningAll()
          .executeTakeFirstOrThrow();
        const after = toRule(row);
        await recordAudit(trx, actor, {
          action: 'update',
          entity: 'registerRules',
          entityId: field,
          before: before ? toRule(before) : null,
          after,
        });
        return after;
      });
    },
  };
}
export type SettingsService = ReturnType<typeof settingsService>;
