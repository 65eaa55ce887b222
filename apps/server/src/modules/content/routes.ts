import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { articlesService } from './articles.ts';
import { creditReports } from './credit-report.ts';
import { liveService, sandboxChatProvider, unavailableChatProvider } from './live.ts';
import { registerSandboxChatPage } from './sandbox-chat-page.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/**
 * Issue 14 item 8: blog and news, the credit report, live hosts and their chat. The operator's
 * side of articles and hosts is the generic content CRUD (modules/admin/content/kinds.ts). The
 * chat is the development sandbox where the development routes are on, and unavailable elsewhere
 * until a chat vendor is integrated.
 */
export function registerContentRoutes(app: FastifyInstance, deps: AppDeps, { sandboxChat = false } = {}) {
  const calls = endpoints.content;
  const articles = articlesService(deps.db);
  const reports = creditReports(deps.db);
  const live = liveService(deps.db, sandboxChat ? sandboxChatProvider(deps.db) : unavailableChatProvider);

  // The `lang` query wins over the Language header, as on the help centre.
  registerEndpoint(app, deps, calls.articles, ({ merchant, language, query }) =>
    articles.list(merchant, query.lang ?? language, query),
  );
  registerEndpoint(app, deps, calls.article, ({ merchant, language, params, query }) =>
    articles.one(merchant, query.lang ?? language, params.slug),
  );
  registerEndpoint(app, deps, calls.creditReport, ({ req, query, language }) =>
    reports.report(memberOf(req), query, language),
  );
  registerEndpoint(app, deps, calls.modelList, ({ merchant }) => live.hosts(merchant.id));
  registerEndpoint(app, deps, calls.launchChat, ({ req, merchant, query }) =>
    live.launchChat(merchant.id, memberOf(req), query.modelId),
  );
  if (sandboxChat) registerSandboxChatPage(app, deps.db);
}
