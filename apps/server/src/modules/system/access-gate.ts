import type { FastifyInstance } from 'fastify';
import type { EndpointDef } from '@khela/contracts';
import { AppError } from '../../http/app-error.ts';
import type { SiteAccessService } from './site-access.ts';

const GATED_PREFIXES = ['/wps/', '/lgw/', '/lotto/'];
/** What the maintenance and region-block pages still need: status, keys, help, notices, captcha, feedback. */
const ALWAYS_SERVED_TAGS = new Set(['system', 'support']);

export function isGated(endpoint: EndpointDef): boolean {
  // Vendors settle rounds (wins, rollbacks) during maintenance and from any country.
  if (endpoint.auth === 'vendor') return false;
  return (
    GATED_PREFIXES.some((prefix) => endpoint.path.startsWith(prefix)) &&
    !endpoint.tags.some((tag) => ALWAYS_SERVED_TAGS.has(tag))
  );
}

/**
 * §4 and §8: while the merchant is in maintenance, or the visitor's address or country is blocked,
 * player calls are refused; the operator console (/admin) never is. Runs before the body is read.
 */
export function installAccessGate(app: FastifyInstance, access: SiteAccessService) {
  app.addHook('preParsing', async (req, _reply, payload) => {
    const endpoint = req.routeOptions.config.endpoint;
    // Without a merchant the route itself answers merchant.invalid_url.
    if (!endpoint || !req.merchant || !isGated(endpoint)) return payload;
    const state = await access.check(req.merchant.id, req.clientIp, req.log, { countryOnlyForRules: true });
    if (state.maintenance) {
      throw new AppError('system.maintenance', { endsAt: state.maintenance.endsAt?.toISOString() ?? null });
    }
    if (state.regionRestricted) throw new AppError('system.access_restricted', { ip: state.ip });
    return payload;
  });
}
