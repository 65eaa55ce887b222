import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, MEMBER_EVENT_STREAMS_MAX, RECORDS_DEFAULT_PAGE_SIZE } from '@khela/contracts';
import type { AppDeps } from '../../deps.ts';
import { dedicatedClientOf } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { openEventStream } from '../../http/event-stream.ts';
import { registerEndpoint, switchIsOn } from '../../http/route.ts';
import { ledger } from '../ledger/ledger.ts';
import { promotions } from '../promotions/promotions.ts';
import { memberEventHub, type MemberEventHub } from './member-events.ts';
import { memberInbox, referenceAsText } from './inbox.ts';
import { inboxBroadcasts } from './broadcasts.ts';
import { operatorActor } from '../audit/audit-log.ts';
import type { MemberEvent } from './notify.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

export interface NotificationRoutesOptions {
  heartbeatMs?: number;
}

/** The reward-centre badge rides on the unread call (no call of its own on the header), while REWCEN3 is on. */
async function availablePromoCount(deps: AppDeps, member: MemberContext): Promise<number> {
  const on = deps.switchIsOn
    ? await deps.switchIsOn(member.merchantId, 'REWCEN3')
    : await switchIsOn(deps.db, member.merchantId, 'REWCEN3');
  return on ? promotions({ db: deps.db, ledger: ledger({ db: deps.db }) }).availableCount(member) : 0;
}

/** Inbox, operator broadcasts and the server-sent-events stream (issue 5 item 9, issue 14 item 7). Returns the hub (tests). */
export function registerNotificationRoutes(
  app: FastifyInstance,
  deps: AppDeps,
  options: NotificationRoutesOptions = {},
): MemberEventHub {
  const inbox = memberInbox(deps);
  const hub = memberEventHub({
    db: deps.db,
    connect: () => dedicatedClientOf(deps.db),
    maxStreamsPerMember: MEMBER_EVENT_STREAMS_MAX,
  });
  // Open streams never end by themselves: end them before the server waits for its connections.
  app.addHook('preClose', async () => hub.close());

  registerEndpoint(app, deps, endpoints.wallet.inbox, ({ req, query, language }) =>
    inbox.list(memberOf(req), language, query.pageNo ?? 1, query.pageSize ?? RECORDS_DEFAULT_PAGE_SIZE),
  );
  registerEndpoint(app, deps, endpoints.wallet.inboxRead, ({ req, body }) => inbox.markRead(memberOf(req), body));
  registerEndpoint(app, deps, endpoints.wallet.inboxUnread, async ({ req }) => {
    const unread = await inbox.unreadCount(memberOf(req));
    return { unread, value: unread, availablePromoCount: await availablePromoCount(deps, memberOf(req)) };
  });
  registerEndpoint(app, deps, endpoints.wallet.inboxDelete, ({ req, body }) => inbox.remove(memberOf(req), body.ids));

  const broadcasts = inboxBroadcasts(deps);
  registerEndpoint(app, deps, endpoints.admin.inbox.broadcastsList, ({ merchant, query, language }) =>
    broadcasts.list(merchant.id, query, language),
  );
  registerEndpoint(app, deps, endpoints.admin.inbox.broadcastsCreate, (ctx) =>
    broadcasts.create(operatorActor(ctx), ctx.body),
  );

  registerEndpoint(app, deps, endpoints.wallet.events, async ({ req, reply, language }) => {
    const member = memberOf(req);
    try {
      await hub.ready();
    } catch (error) {
      req.log.error({ err: error }, 'member events: cannot listen');
      throw new AppError('server.network_abnormal');
    }
    let remove = () => {};
    const stream = openEventStream(req, reply, { heartbeatMs: options.heartbeatMs, onClose: () => remove() });
    remove = hub.add(member.id, {
      language,
      send(event: MemberEvent) {
        const data = {
          id: event.id,
          kind: event.kind,
          title: event.title[language],
          body: event.body[language],
          reference: referenceAsText(event.reference),
          balanceChanged: event.balanceChanged,
        };
        stream.send('notification', data, event.id);
      },
      close: stream.close,
    });
    // The reply is hijacked: nothing is sent after this.
    return undefined as never;
  });
  return hub;
}
