import type { FastifyInstance } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { membersDesk } from './members-desk.ts';

const calls = endpoints.admin.members;

/** Issue 16 item 4: the console's members desk (permission `members`, permissions.ts). */
export function registerMemberDeskRoutes(app: FastifyInstance, deps: AppDeps) {
  const desk = membersDesk(deps.db);

  registerEndpoint(app, deps, calls.search, ({ merchant, query, language }) =>
    desk.search(merchant.id, query, language),
  );
  registerEndpoint(app, deps, calls.detail, ({ merchant, params }) => desk.detail(merchant, params.id));
  registerEndpoint(app, deps, calls.ledger, ({ merchant, params, query, language }) =>
    desk.ledger(merchant, params.id, query, language),
  );
  registerEndpoint(app, deps, calls.bets, ({ merchant, params, query, language }) =>
    desk.bets(merchant, params.id, query, language),
  );
  registerEndpoint(app, deps, calls.logins, ({ merchant, params, query }) =>
    desk.logins(merchant.id, params.id, query),
  );
  registerEndpoint(app, deps, calls.notes, ({ merchant, params, query }) => desk.notes(merchant.id, params.id, query));
  registerEndpoint(app, deps, calls.noteAdd, (ctx) => {
    if (!ctx.req.operator) throw new AppError('auth.not_logged_in');
    return desk.addNote(operatorActor(ctx), ctx.req.operator.username, ctx.params.id, ctx.body.text);
  });
  registerEndpoint(app, deps, calls.setStatus, (ctx) =>
    desk.setStatus(operatorActor(ctx), ctx.params.id, ctx.body.status, ctx.body.reason),
  );
  registerEndpoint(app, deps, calls.tree, ({ merchant, query }) => desk.tree(merchant.id, query));
}
