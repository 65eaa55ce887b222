import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type MemberSession } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import type { MemberRepository, MemberRow } from '../members/repository.ts';
import { loginTickets } from './login-tickets.ts';
import type { SessionStart } from './member-sessions.ts';
import type { RememberCookies, RememberTokens } from './remember-me.ts';

export interface SessionRestoreDeps {
  members: MemberRepository;
  rememberTokens: RememberTokens;
  rememberCookies: RememberCookies;
  /** The one log-in step every path shares (player protection is checked there). */
  logIn: (merchant: MerchantContext, member: MemberRow, at: SessionStart) => Promise<MemberSession>;
  sessionStartOf: (req: FastifyRequest) => SessionStart;
}

/**
 * Log-ins without a password: the remember-me cookie (§4) and a one-time ticket from the URL
 * (§4 "login restored from token in URL"). Both end in the shared logIn.
 */
export function registerSessionRestoreRoutes(app: FastifyInstance, deps: AppDeps, restore: SessionRestoreDeps) {
  const { members, rememberTokens, rememberCookies, logIn, sessionStartOf } = restore;
  const tickets = loginTickets(deps);

  async function activeMember(merchant: MerchantContext, memberId: number): Promise<MemberRow> {
    const member = await members.byId(merchant.id, memberId);
    if (!member) throw new AppError('auth.not_logged_in');
    if (member.status !== 'active') throw new AppError('auth.contact_agent');
    return member;
  }

  registerEndpoint(app, deps, endpoints.member.remembered, async ({ req, reply, merchant }) => {
    const held = rememberCookies.tokenOf(req);
    const rotation = held ? await rememberTokens.rotate(merchant.id, held) : null;
    if (!rotation?.ok) {
      rememberCookies.clearToken(req, reply);
      throw new AppError('auth.remember_invalid');
    }
    const member = await activeMember(merchant, rotation.memberId);
    // The rotated cookie is sent even if logIn refuses (a break in force): the old one is spent.
    rememberCookies.set(req, reply, member.username, rotation.token, rotation.maxAgeSeconds);
    return logIn(merchant, member, sessionStartOf(req));
  });

  registerEndpoint(app, deps, endpoints.member.issueTicket, ({ req, merchant }) => {
    if (!req.member) throw new AppError('auth.not_logged_in');
    return tickets.issue({ id: req.member.id, merchantId: merchant.id });
  });

  registerEndpoint(app, deps, endpoints.member.exchangeTicket, async ({ req, merchant, body }) => {
    const memberId = await tickets.redeem(merchant.id, body.ticket);
    if (memberId === null) throw new AppError('auth.ticket_invalid');
    return logIn(merchant, await activeMember(merchant, memberId), sessionStartOf(req));
  });
}
