import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type EndpointDef } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { OperatorContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { auditLogRepository, operatorActor } from '../audit/audit-log.ts';
import { CONTENT_KIND_NAMES, type ContentInput } from './content/kinds.ts';
import { contentService, type ContentListQuery } from './content/service.ts';
import { registerContentImageRoutes } from './content/images.ts';
import { feedbackInbox } from './feedback-inbox.ts';
import { adminMembersService } from './members.ts';
import { operatorSessions } from './operator-sessions.ts';
import { merchantsOf } from './operator-merchants.ts';
import { registerOperatorRoutes } from './operators-routes.ts';
import { registerMemberDeskRoutes } from './members-routes.ts';
import { assertMayCall, permissionsOf } from './permissions.ts';
import { settingsService } from './settings.ts';

const admin = endpoints.admin;

/** Set by the operator auth strategy before any /admin handler runs. */
function operatorOf(req: FastifyRequest): OperatorContext {
  if (!req.operator) throw new AppError('auth.not_logged_in');
  return req.operator;
}

/** The operator API (issue 2): session, operators, settings, content, audit log and feedback. */
export function registerAdminRoutes(app: FastifyInstance, deps: AppDeps) {
  const sessions = operatorSessions(deps);
  const settings = settingsService(deps.db);
  const content = contentService(deps.db);
  const auditLog = auditLogRepository(deps.db);
  const feedback = feedbackInbox(deps.db);
  const members = adminMembersService(deps.db);

  // The token decides the merchant: an operator only ever sees and changes their own merchant.
  deps.auth.operator = async (req) => {
    const session = await sessions.authenticate(req);
    assertMayCall(session.operator.role, req.routeOptions.config.endpoint);
    return session;
  };

  registerEndpoint(app, deps, admin.login, ({ merchant, body, ip }) => sessions.login(merchant, body, ip));
  registerEndpoint(app, deps, admin.logout, async ({ req }) => {
    await sessions.logout(req, operatorOf(req));
    return null;
  });
  // The signed-in operator, the merchant the session works on and every one they may switch to.
  const me = async (operator: OperatorContext, merchantCode: string) => ({
    id: operator.id,
    username: operator.username,
    role: operator.role,
    merchantCode,
    permissions: [...permissionsOf(operator.role)],
    merchants: await merchantsOf(deps.db, operator.id),
  });
  registerEndpoint(app, deps, admin.me, ({ req }) => me(operatorOf(req), operatorOf(req).merchantCode));
  registerEndpoint(app, deps, admin.sessionMerchant, async ({ req, body }) => {
    const merchant = await sessions.switchMerchant(req, operatorOf(req), body.merchantCode);
    return me(operatorOf(req), merchant.code);
  });

  registerOperatorRoutes(app, deps, sessions);

  registerEndpoint(app, deps, admin.merchantGet, ({ merchant }) => settings.merchant(merchant.id));
  registerEndpoint(app, deps, admin.merchantUpdate, (ctx) => settings.updateMerchant(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.switchesList, ({ merchant }) => settings.switches(merchant.id));
  registerEndpoint(app, deps, admin.switchesUpdate, (ctx) =>
    settings.setSwitch(operatorActor(ctx), ctx.params.modId, ctx.body.enabled),
  );
  registerEndpoint(app, deps, admin.registerRulesList, ({ merchant }) => settings.registerRules(merchant.id));
  registerEndpoint(app, deps, admin.registerRulesUpdate, (ctx) =>
    settings.setRegisterRule(operatorActor(ctx), ctx.params.field, ctx.body, ctx.language),
  );

  registerEndpoint(app, deps, admin.auditLog, ({ merchant, query }) => auditLog.list(merchant.id, query));
  registerEndpoint(app, deps, admin.feedbackList, ({ merchant, query }) => feedback.list(merchant.id, query.limit));
  registerEndpoint(app, deps, admin.membersList, ({ merchant, query }) => members.list(merchant.id, query));
  registerEndpoint(app, deps, admin.memberPasswordReset, (ctx) =>
    members.resetPassword(operatorActor(ctx), ctx.params.id),
  );
  registerMemberDeskRoutes(app, deps);
  registerContentImageRoutes(app, deps);

  // One generic handler set serves every kind; the contract has validated the body by now.
  for (const kind of CONTENT_KIND_NAMES) {
    const calls: Record<'list' | 'create' | 'update' | 'remove', EndpointDef> = admin.content[kind];
    registerEndpoint(app, deps, calls.list, ({ merchant, query }) =>
      content.list(kind, merchant.id, query as ContentListQuery),
    );
    registerEndpoint(app, deps, calls.create, (ctx) =>
      content.create(kind, operatorActor(ctx), ctx.body as ContentInput, ctx.language),
    );
    registerEndpoint(app, deps, calls.update, (ctx) =>
      content.update(
        kind,
        operatorActor(ctx),
        (ctx.params as { id: number }).id,
        ctx.body as ContentInput,
        ctx.language,
      ),
    );
    registerEndpoint(app, deps, calls.remove, (ctx) =>
      content.remove(kind, operatorActor(ctx), (ctx.params as { id: number }).id),
    );
  }
}
