import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { sendError } from '../../http/error-handler.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger } from '../ledger/ledger.ts';
import { missionBadge } from './badge.ts';
import { missions } from './missions.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Missions (issue 14 item 6): the member's calls (MISSIONLB3) and the operator's. */
export function registerMissionRoutes(app: FastifyInstance, deps: AppDeps) {
  const service = missions({ db: deps.db, ledger: ledger({ db: deps.db }) });
  const api = endpoints.missions;
  const admin = endpoints.admin.missions;
  registerEndpoint(app, deps, api.summary, ({ req, query, language, merchant }) =>
    service.summary(memberOf(req), query, language, merchant.defaultLanguage),
  );
  registerEndpoint(app, deps, api.milestones, ({ req, query, language, merchant }) =>
    service.milestones(memberOf(req), query.missionId, language, merchant.defaultLanguage),
  );
  registerEndpoint(app, deps, api.leaderboard, ({ req, query }) => service.leaderboard(memberOf(req), query.missionId));
  registerEndpoint(app, deps, api.claim, ({ req, merchant, body }) => service.claim(memberOf(req), merchant, body));
  registerEndpoint(app, deps, api.badge, ({ req }) => missionBadge(deps.db, memberOf(req).id));
  registerEndpoint(app, deps, admin.list, ({ merchant, query }) => service.list(merchant.id, query));
  registerEndpoint(app, deps, admin.create, (ctx) => service.create(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.update, (ctx) => service.update(operatorActor(ctx), ctx.params.id, ctx.body));
  registerEndpoint(app, deps, admin.close, (ctx) => service.close(operatorActor(ctx), ctx.params.id));
  registerEndpoint(app, deps, admin.progress, ({ merchant, params, query }) =>
    service.progress(merchant.id, params.id, query),
  );
}

const devBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/**
 * POST /dev/missions {at}: one progress pass as the worker would run it at `at` (tests and demos
 * count at once). Development and tests only (DEV_ENDPOINTS).
 */
export function registerDevMissions(app: FastifyInstance, db: Db) {
  const service = missions({ db, ledger: ledger({ db }) });
  app.post('/dev/missions', async (req, reply) => {
    const parsed = devBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await service.runPass(new Date(parsed.data.at)) });
  });
}
