import type { z } from 'zod';
import { CS_TYPES, type domainRouteSchema, type Language, type systemInfoSchema } from '@khela/contracts';
import type { MerchantContext } from '../../http/context.ts';
import { pickLocalized } from './localized.ts';
import { toRegistrationRules } from './registration-rules.ts';
import type { SystemRepository } from './repository.ts';
import { buildWhitelabelTree } from './whitelabel-tree.ts';

type SystemInfo = z.infer<typeof systemInfoSchema>;
type DomainRoute = z.infer<typeof domainRouteSchema>;

/** §3 permission/system info: what the site needs to boot, from the merchant's settings. */
export function siteInfoService(repository: SystemRepository) {
  async function whitelabel(merchantId: number) {
    return buildWhitelabelTree(await repository.switches(merchantId));
  }

  async function domainRoute(merchantId: number): Promise<DomainRoute[]> {
    const rows = await repository.domains(merchantId);
    return rows.map((r) => ({ domain: r.domain, kind: r.kind, affiliateCode: r.affiliate_code }));
  }

  async function registerRules(merchantId: number) {
    return toRegistrationRules(await repository.registrationRules(merchantId));
  }

  async function info(merchant: MerchantContext, language: Language): Promise<SystemInfo> {
    const text = (value: Parameters<typeof pickLocalized>[0]) =>
      pickLocalized(value, language, merchant.defaultLanguage);
    const [settings, customerService, domains, resources, switches, register] = await Promise.all([
      repository.siteSettings(merchant.id),
      repository.customerService(merchant.id),
      domainRoute(merchant.id),
      repository.resources(merchant.id),
      whitelabel(merchant.id),
      registerRules(merchant.id),
    ]);
    return {
      merchant: {
        code: merchant.code,
        name: merchant.name,
        currency: merchant.currency,
        defaultLanguage: merchant.defaultLanguage,
        languages: merchant.languages,
        timeZone: settings.time_zone,
      },
      // An entry of a kind this build cannot show is left out rather than mislabelled.
      customerService: customerService
        .filter((cs) => (CS_TYPES as readonly string[]).includes(cs.cs_type))
        .map((cs) => ({
          id: cs.id,
          csType: cs.cs_type as (typeof CS_TYPES)[number],
          csPosition: cs.cs_position,
          title: text(cs.title),
          url: cs.url,
        })),
      domainRoute: domains,
      resources: resources.map((r) => ({ id: r.id, resourceType: r.resource_type, url: r.url, label: text(r.label) })),
      whitelabel: switches,
      register,
      mainDomain: settings.main_domain,
      analytics: { gtagId: settings.gtag_id },
      imageCDNs: settings.image_cdns,
      launchGameCDNs: settings.launch_game_cdns,
      referralProgramme: settings.referral_enabled ?? false,
    };
  }

  return { whitelabel, domainRoute, registerRules, info };
}
