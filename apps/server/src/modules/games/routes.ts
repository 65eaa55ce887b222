import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerLobbyRoutes } from './catalogue/routes.ts';
import { registerPlayRoutes } from './play/routes.ts';

/** The games platform (issue 11): the catalogue and lobby, and a member's play. */
export function registerGameRoutes(app: FastifyInstance, deps: AppDeps) {
  registerLobbyRoutes(app, deps);
  registerPlayRoutes(app, deps);
}
