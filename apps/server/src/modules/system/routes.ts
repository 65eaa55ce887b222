import type { FastifyInstance } from 'fastify';
import { endpoints, SYSTEM_STATUS } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { registerEndpoint } from '../../http/route.ts';
import { installAccessGate } from './access-gate.ts';
import { dialingCountries } from './countries.ts';
import { pickLocalized } from './localized.ts';
import { systemRepository } from './repository.ts';
import { siteAccessService } from './site-access.ts';
import { siteContentService } from './site-content.ts';
import { siteInfoService } from './site-info.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps) {
  const repository = systemRepository(deps.db);
  const access = siteAccessService(deps.siteAccess);
  const info = siteInfoService(repository);
  const content = siteContentService(repository);

  installAccessGate(app, access);

  registerEndpoint(app, deps, endpoints.system.publicKey, () => ({
    keyId: app.wireKeys.keyId,
    publicKey: app.wireKeys.publicKeyPem,
  }));

  // §4: the boot call. `info` is always sent, so the maintenance and region-block pages can
  // still offer customer service.
  registerEndpoint(app, deps, endpoints.system.status, async ({ req, merchant, language, ip }) => {
    const [state, siteInfo] = await Promise.all([
      access.check(merchant.id, ip, req.log),
      info.info(merchant, language),
    ]);
    const window = state.maintenance;
    return {
      status: window
        ? SYSTEM_STATUS.MAINTENANCE
        : state.regionRestricted
          ? SYSTEM_STATUS.REGION_RESTRICTED
          : SYSTEM_STATUS.NORMAL,
      maintenance: window && {
        startsAt: window.startsAt.toISOString(),
        endsAt: window.endsAt?.toISOString() ?? null,
        message: pickLocalized(window.message, language, merchant.defaultLanguage),
      },
      regionRestriction: state.regionRestricted,
      location: { ip: state.ip, country: state.country },
      info: siteInfo,
    };
  });

  registerEndpoint(app, deps, endpoints.system.whitelabel, ({ merchant }) => info.whitelabel(merchant.id));
  registerEndpoint(app, deps, endpoints.system.domainRoute, ({ merchant }) => info.domainRoute(merchant.id));
  registerEndpoint(app, deps, endpoints.system.registerSettings, ({ merchant }) => info.registerRules(merchant.id));

  // The `lang` query wins over the Language header (the reference client sends both).
  registerEndpoint(app, deps, endpoints.system.helpCenter, ({ merchant, language, query }) =>
    content.helpCenter(merchant, query.lang ?? language, query.device),
  );
  registerEndpoint(app, deps, endpoints.system.notice, ({ merchant, language, query }) =>
    content.notice(merchant, language, query),
  );
  registerEndpoint(app, deps, endpoints.system.countries, ({ language }) => dialingCountries(language));
}
