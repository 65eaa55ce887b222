import type { FastifyInstance } from 'fastify';
import { LANGUAGES, type Language } from '@khela/contracts';
import type { MerchantRepository } from '../modules/merchants/repository.ts';
import { isApiPath } from '../http/error-handler.ts';

const MERCHANT_CODE = /^[a-z0-9_-]{2,32}$/i;

function requestedLanguage(header: string | string[] | undefined): Language | undefined {
  const value = (Array.isArray(header) ? header[0] : header)?.trim().toLowerCase();
  return LANGUAGES.find((l) => l === value);
}

/**
 * Resolves the merchant of every API request (ARCHITECTURE §1: the Merchant header, else the host
 * through domainRoute) and its language (the Language header, else the merchant's default).
 * An unknown merchant leaves `req.merchant` null; calls that need one answer merchant.invalid_url.
 */
export function registerTenancy(app: FastifyInstance, merchants: MerchantRepository) {
  app.decorateRequest('merchant', null);
  app.decorateRequest('operator', null);
  app.decorateRequest('member', null);
  app.decorateRequest('openedBody', null);
  app.decorateRequest('language', 'bn');
  app.decorateRequest('clientIp', '');

  app.addHook('onRequest', async (req) => {
    req.clientIp = req.ip ?? '';
    const asked = requestedLanguage(req.headers.language);
    if (!isApiPath(req.url)) return;
    // Vendor calls name their merchant through the vendor (modules/seamless): no look-up here.
    if (req.routeOptions.config?.endpoint?.auth === 'vendor') return;
    const header = req.headers.merchant;
    const code = Array.isArray(header) ? header[0] : header;
    if (code !== undefined && code !== '') {
      req.merchant = MERCHANT_CODE.test(code) ? await merchants.byCode(code) : null;
    } else {
      req.merchant = await merchants.byHost(req.host);
    }
    req.language = asked ?? req.merchant?.defaultLanguage ?? 'bn';
  });
}
