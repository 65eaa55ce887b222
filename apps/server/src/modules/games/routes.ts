import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { registerLobbyRoutes } from './catalogue/routes.ts';
import type { CrashOptions } from './inhouse/crash/routes.ts';
import { registerInhouseRoutes } from './inhouse/routes.ts';
import { registerPlayRoutes } from './play/routes.ts';

/** The games platform (issue 11): the catalogue and lobby, a member's play; our own games (issue 12). */
export function registerGameRoutes(app: FastifyInstance, deps: AppDeps, crash: CrashOptions = {}) {
  registerLobbyRoutes(app, deps);
  registerPlayRoutes(app, deps);
  registerInhouseRoutes(app, deps, crash);
}
