import type { EndpointDef } from './endpoint.ts';
import { playerEndpoints } from './browser.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { seamlessEndpoints } from './endpoints/seamless.ts';
import { gatewayEndpoints } from './endpoints/gateway.ts';

// Everything the browser entry has (constants, registry types, envelope, errors, sealing, the
// player-facing endpoints), plus the operator API and the OpenAPI builder.
export * from './browser.ts';
export * from './endpoints/admin.ts';
export * from './endpoints/cashier-admin.ts';
export * from './endpoints/gateway.ts';
export * from './endpoints/games-admin.ts';
export * from './endpoints/seamless.ts';
export * from './endpoints/vendors-admin.ts';
export * from './endpoints/referral-rewards.ts';
export * from './endpoints/inbox-admin.ts';
export * from './endpoints/dashboard-admin.ts';
export * from './endpoints/transfers-admin.ts';
export * from './endpoints/operators-admin.ts';
export * from './endpoints/members-admin.ts';
export * from './endpoints/content-images.ts';
export * from './endpoints/reports-admin.ts';
export * from './transfer-wallet.ts';

/** The endpoint registry: every call the server serves, grouped by feature. */
export const endpoints = {
  ...playerEndpoints,
  admin: adminEndpoints,
  seamless: seamlessEndpoints,
  gateway: gatewayEndpoints,
};

function isEndpoint(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'response' in value;
}

/** Every registry entry, flattened (nested groups such as admin.content included). */
export function allEndpoints(group: object = endpoints): EndpointDef[] {
  return Object.values(group).flatMap((entry) => (isEndpoint(entry) ? [entry] : allEndpoints(entry as object)));
}
export { buildOpenApi } from './openapi.ts';
