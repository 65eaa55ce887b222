import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import type { OperatorSessions } from './operator-sessions.ts';
import { operatorsService } from './operators.ts';
import { operatorMerchantsService } from './operator-merchants.ts';
import { totpService } from './totp-service.ts';

const { operators: calls, totp: totpCalls } = endpoints.admin;

/** Issue 16 item 1: operator management and the operators' own two-factor (ADR 0025). */
export function registerOperatorRoutes(app: FastifyInstance, deps: AppDeps, sessions: OperatorSessions) {
  const operators = operatorsService(deps.db);
  const grants = operatorMerchantsService(deps.db);
  const totp = totpService(deps);
  const caller = (req: { operator?: OperatorContext | null | undefined }): OperatorContext => {
    if (!req.operator) throw new AppError('auth.not_logged_in');
    return req.operator;
  };

  registerEndpoint(app, deps, calls.list, ({ merchant, query }) => operators.list(merchant.id, merchant.code, query));
  registerEndpoint(app, deps, calls.create, (ctx) => operators.create(caller(ctx.req), operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, calls.update, (ctx) =>
    operators.update(caller(ctx.req), operatorActor(ctx), ctx.params.id, ctx.body),
  );
  registerEndpoint(app, deps, calls.passwordReset, (ctx) =>
    operators.resetPassword(caller(ctx.req), operatorActor(ctx), ctx.params.id, ctx.body.password),
  );
  registerEndpoint(app, deps, calls.merchants, ({ req, params }) => grants.list(caller(req), params.id));
  registerEndpoint(app, deps, calls.grantMerchant, (ctx) =>
    grants.grant(caller(ctx.req), operatorActor(ctx), ctx.params.id, ctx.params.code),
  );
  registerEndpoint(app, deps, calls.revokeMerchant, (ctx) =>
    grants.revoke(caller(ctx.req), operatorActor(ctx), ctx.params.id, ctx.params.code),
  );
  registerEndpoint(app, deps, calls.totpReset, (ctx) =>
    operators.resetTotp(caller(ctx.req), operatorActor(ctx), ctx.params.id),
  );

  registerEndpoint(app, deps, totpCalls.login, ({ merchant, body, ip }) =>
    sessions.completeTotpLogin(merchant, body, ip),
  );
  registerEndpoint(app, deps, totpCalls.status, ({ req }) => totp.status(caller(req).id));
  registerEndpoint(app, deps, totpCalls.enrol, ({ req, merchant }) => totp.enrol(caller(req), merchant.name));
  registerEndpoint(app, deps, totpCalls.confirm, (ctx) => totp.confirm(operatorActor(ctx), ctx.body.code));
  registerEndpoint(app, deps, totpCalls.disable, (ctx) => totp.disable(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, totpCalls.recoveryCodes, (ctx) =>
    totp.regenerateRecoveryCodes(operatorActor(ctx), ctx.body.code),
  );
}
