import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../app.ts';
import { registerEndpoint } from '../../http/route.ts';

export function registerSystemRoutes(app: FastifyInstance, deps: AppDeps) {
  registerEndpoint(app, deps, endpoints.system.publicKey, () => ({
    keyId: app.wireKeys.keyId,
    publicKey: app.wireKeys.publicKeyPem,
  }));
}
