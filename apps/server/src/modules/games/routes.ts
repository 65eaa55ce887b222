import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/route.ts';
import { gameLauncher } from './launch.ts';

/** Games (the catalogue comes with the games issue): for now the launch call and its guards. */
export function registerGameRoutes(app: FastifyInstance, deps: AppDeps) {
  const launcher = gameLauncher(deps);
  registerEndpoint(app, deps, endpoints.game.launch, ({ req, query }) => {
    if (!req.member) throw new AppError('auth.not_logged_in');
    return launcher.launch(req.member, query.gameCode);
  });
}
