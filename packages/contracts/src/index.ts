import type { EndpointDef } from './endpoint.ts';
import { adminEndpoints } from './endpoints/admin.ts';
import { supportEndpoints } from './endpoints/support.ts';
import { systemEndpoints } from './endpoints/system.ts';

export * from './constants.ts';
export * from './endpoint.ts';
export * from './envelope.ts';
export * from './errors.ts';
export * from './seal.ts';
export * from './endpoints/admin.ts';
export * from './endpoints/support.ts';
export * from './endpoints/system.ts';

/** The endpoint registry: every call the server serves, grouped by feature. */
export const endpoints = {
  system: systemEndpoints,
  support: supportEndpoints,
  admin: adminEndpoints,
};

function isEndpoint(value: unknown): value is EndpointDef {
  return typeof value === 'object' && value !== null && 'path' in value && 'method' in value && 'response' in value;
}

/** Every registry entry, flattened (nested groups such as admin.content included). */
export function allEndpoints(group: object = endpoints): EndpointDef[] {
  return Object.values(group).flatMap((entry) => (isEndpoint(entry) ? [entry] : allEndpoints(entry as object)));
}
export { buildOpenApi } from './openapi.ts';
