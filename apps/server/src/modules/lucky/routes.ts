import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { raffles } from './raffles.ts';
import { redEnvelopes } from './red-envelopes.ts';
import { signUpReward } from './sign-up-reward.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Red envelopes, raffles and the sign-up reward (issue 14 item 2): the member's calls and the operator's. */
export function registerLuckyRoutes(app: FastifyInstance, deps: AppDeps) {
  const ledger = createLedger({ db: deps.db });
  const envelopes = redEnvelopes({ db: deps.db, ledger });
  const raffle = raffles({ db: deps.db, ledger });
  const signUp = signUpReward({ db: deps.db, ledger });
  const { lucky } = endpoints;
  const admin = endpoints.admin.lucky;

  registerEndpoint(app, deps, lucky.redEnvelopes, ({ req, language }) => envelopes.list(memberOf(req), language));
  registerEndpoint(app, deps, lucky.grab, ({ req, merchant, params }) =>
    envelopes.grab(memberOf(req), merchant, params.id),
  );
  registerEndpoint(app, deps, lucky.raffleStatus, ({ req, language }) => raffle.status(memberOf(req), language));
  registerEndpoint(app, deps, lucky.raffleEntries, ({ merchant, params }) => raffle.entries(merchant.id, params.id));
  registerEndpoint(app, deps, lucky.raffleClaim, ({ req, merchant, body }) =>
    raffle.claim(memberOf(req), merchant, body.raffleId),
  );
  registerEndpoint(app, deps, lucky.signUpRewardStatus, ({ req }) => signUp.status(memberOf(req)));
  registerEndpoint(app, deps, lucky.signUpRewardRequest, ({ req, body }) => signUp.request(memberOf(req), body));

  registerEndpoint(app, deps, admin.redEnvelopesList, ({ merchant, query }) => envelopes.adminList(merchant.id, query));
  registerEndpoint(app, deps, admin.redEnvelopesCreate, (ctx) =>
    envelopes.create(operatorActor(ctx), ctx.merchant, ctx.body),
  );
  registerEndpoint(app, deps, admin.redEnvelopesUpdate, (ctx) =>
    envelopes.update(operatorActor(ctx), ctx.merchant, ctx.params.id, ctx.body),
  );
  registerEndpoint(app, deps, admin.redEnvelopesCancel, (ctx) =>
    envelopes.cancel(operatorActor(ctx), ctx.merchant, ctx.params.id),
  );
  registerEndpoint(app, deps, admin.rafflesList, ({ merchant, query }) => raffle.adminList(merchant.id, query));
  registerEndpoint(app, deps, admin.rafflesUpdate, (ctx) =>
    raffle.update(operatorActor(ctx), ctx.merchant.id, ctx.params.id, ctx.body),
  );
  registerEndpoint(app, deps, admin.rafflesCancel, (ctx) =>
    raffle.cancel(operatorActor(ctx), ctx.merchant.id, ctx.params.id),
  );
  registerEndpoint(app, deps, admin.rafflesCreate, (ctx) =>
    raffle.create(operatorActor(ctx), ctx.merchant.id, ctx.body),
  );
  registerEndpoint(app, deps, admin.signUpRewardSettingsGet, ({ merchant }) => signUp.settings(merchant.id));
  registerEndpoint(app, deps, admin.signUpRewardSettingsUpdate, (ctx) =>
    signUp.updateSettings(operatorActor(ctx), ctx.body),
  );
  registerEndpoint(app, deps, admin.signUpRewardRequests, ({ merchant, query }) =>
    signUp.requests(merchant.id, query.state),
  );
  registerEndpoint(app, deps, admin.signUpRewardApprove, (ctx) =>
    signUp.approve(operatorActor(ctx), ctx.merchant, ctx.params.id, ctx.body.amount),
  );
  registerEndpoint(app, deps, admin.signUpRewardReject, (ctx) =>
    signUp.reject(operatorActor(ctx), ctx.merchant.id, ctx.params.id, ctx.body.reason),
  );
}
