import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { gameLauncher } from './launch.ts';
import { myGames } from './my-games.ts';
import { pvpRooms } from './rooms.ts';

/** A member's games: launches, favourites, recents and PVP rooms (§4, §7 Games). */
export function registerPlayRoutes(app: FastifyInstance, deps: AppDeps) {
  const launcher = gameLauncher(deps);
  const mine = myGames(deps);
  const rooms = pvpRooms(deps);

  for (const entry of [endpoints.game.launch, endpoints.game.launchFallback]) {
    registerEndpoint(app, deps, entry, ({ req, merchant, query, language }) => {
      if (!req.member) throw new AppError('auth.not_logged_in');
      return launcher.launch(req.member, merchant, query, language);
    });
  }
  registerEndpoint(app, deps, endpoints.game.trialLaunch, ({ merchant, query, language }) =>
    launcher.trial(merchant, query, language),
  );
  registerEndpoint(app, deps, endpoints.game.favouriteIds, ({ req }) => mine.favouriteIds(req.member!));
  registerEndpoint(app, deps, endpoints.game.favouriteList, ({ req, merchant, query, language }) =>
    mine.favouriteList(req.member!, language, merchant.defaultLanguage, query),
  );
  registerEndpoint(app, deps, endpoints.game.addFavourite, ({ req, merchant, body }) =>
    mine.addFavourite(req.member!, merchant, body),
  );
  registerEndpoint(app, deps, endpoints.game.removeFavourite, ({ req, merchant, body }) =>
    mine.removeFavourite(req.member!, merchant, body),
  );
  registerEndpoint(app, deps, endpoints.game.recentGames, ({ req, merchant, query, language }) =>
    mine.recentGames(req.member!, language, merchant.defaultLanguage, query),
  );
  registerEndpoint(app, deps, endpoints.game.roomList, ({ merchant, query, language }) =>
    rooms.list(merchant, query, language),
  );
}
