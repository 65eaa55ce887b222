import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { endpoints } from '@khela/contracts';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import { sendError } from '../../../http/error-handler.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { operatorActor } from '../../audit/audit-log.ts';
import { ledger } from '../../ledger/ledger.ts';
import { referralService } from './referral.ts';
import { referralRewards } from './rewards.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Refer and Earn (issue 13 item 6): the member's calls and the operator's reward settings. */
export function registerReferralRoutes(app: FastifyInstance, deps: AppDeps) {
  const referral = referralService(deps);
  const rewards = referralRewards({ db: deps.db, ledger: ledger({ db: deps.db }) });
  registerEndpoint(app, deps, endpoints.referral.details, ({ req, merchant, query }) =>
    referral.details(memberOf(req), merchant, query.autoGenerate === 'true'),
  );
  registerEndpoint(app, deps, endpoints.referral.invitations, ({ req, merchant, query }) =>
    referral.invitations(memberOf(req), merchant, query),
  );
  registerEndpoint(app, deps, endpoints.admin.referral.settingsGet, ({ merchant }) => rewards.settings(merchant.id));
  registerEndpoint(app, deps, endpoints.admin.referral.settingsUpdate, (ctx) =>
    rewards.update(operatorActor(ctx), ctx.body),
  );
}

const devBodySchema = z.object({ at: z.iso.datetime({ offset: true }) });

/**
 * POST /dev/referral-rewards {at}: one reward pass as the worker would run it at `at`, a moment
 * that may lie ahead (tests and the e2e suite pay a day without waiting for midnight).
 * Development and tests only (DEV_ENDPOINTS).
 */
export function registerDevReferralRewards(app: FastifyInstance, db: Db) {
  const rewards = referralRewards({ db, ledger: ledger({ db }) });
  app.post('/dev/referral-rewards', async (req, reply) => {
    const parsed = devBodySchema.safeParse(req.body);
    if (!parsed.success) return sendError(req, reply, 'request.invalid');
    return reply.send({ success: true, value: await rewards.runPass(new Date(parsed.data.at)) });
  });
}
