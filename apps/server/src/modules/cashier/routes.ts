import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import { parseMinor } from '@khela/money';
import type { AppDeps } from '../../deps.ts';
import { isDatabaseGoingAway } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { operatorActor } from '../audit/audit-log.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { adjustmentService } from './adjustments/adjustment-service.ts';
import { paymentChannelAdmin } from './channels/channel-admin.ts';
import { depositLimits } from './deposits/deposit-limits.ts';
import { depositService } from './deposits/deposit-service.ts';
import { queueSearchConditions } from './queue-search.ts';
import { gatewayByCode } from './gateway/payment-gateway.ts';
import { registerSandboxGatewayPages } from './gateway/sandbox-page.ts';
import { cashierSettingsService } from './settings.ts';
import { payeeAccounts } from './payee-accounts/payee-service.ts';
import { paymentPasswords } from './payee-accounts/payment-password.ts';
import { uploadService } from './uploads/upload-service.ts';
import { withdrawalService } from './withdrawals/withdrawal-service.ts';

const cashier = endpoints.cashier;
const admin = endpoints.admin.cashier;
/** How often the §4 receipt auto-confirmation runs (reads run it too, for their member). */
const RECEIPT_SWEEP_MS = 60_000;

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Issue 5 cashier: deposits, withdrawals, payee accounts, uploads, the gateway and operator approvals. */
export function registerCashierRoutes(app: FastifyInstance, deps: AppDeps) {
  const ledger = createLedger(deps);
  const limits = depositLimits(deps);
  const deposits = depositService({ db: deps.db, ledger, limits });
  const uploads = uploadService(deps);
  const payees = payeeAccounts(deps);
  const passwords = paymentPasswords(deps);
  const withdrawals = withdrawalService({ db: deps.db, ledger, payees, paymentPasswords: passwords });
  const adjustments = adjustmentService({ db: deps.db, ledger });
  const settings = cashierSettingsService(deps);
  const channels = paymentChannelAdmin(deps);

  registerEndpoint(app, deps, cashier.depositSettings, ({ req, merchant, language }) =>
    deposits.settings(merchant, memberOf(req).id, language),
  );
  registerEndpoint(app, deps, cashier.depositCreate, ({ req, merchant, body }) =>
    deposits.create(merchant, memberOf(req), body),
  );
  registerEndpoint(app, deps, cashier.depositList, ({ req, merchant, query }) =>
    deposits.listForMember(memberOf(req).id, query, merchant.timeZone),
  );
  registerEndpoint(app, deps, cashier.depositLimitSet, ({ req, merchant, body }) =>
    limits.set(merchant.id, memberOf(req).id, body.period, body.amount === null ? null : parseMinor(body.amount)),
  );

  registerEndpoint(app, deps, cashier.uploadCreate, ({ req, merchant }) =>
    uploads.store(merchant.id, memberOf(req).id, req.body),
  );
  registerEndpoint(app, deps, cashier.uploadGet, ({ req, merchant, params }) =>
    uploads.forMember(merchant.id, memberOf(req).id, params.id),
  );

  registerEndpoint(app, deps, cashier.payeeAccounts, ({ req }) => payees.list(memberOf(req).id));
  registerEndpoint(app, deps, cashier.payeeAccountBind, ({ req, merchant, body }) =>
    payees.bind(merchant.id, memberOf(req).id, body),
  );
  registerEndpoint(app, deps, cashier.payeeAccountRemove, ({ req, params }) =>
    payees.remove(memberOf(req).id, params.id),
  );
  registerEndpoint(app, deps, cashier.paymentPasswordSet, ({ req, body }) =>
    passwords.set(memberOf(req).id, body.oldPassword, body.newPassword),
  );

  registerEndpoint(app, deps, cashier.withdrawSettings, async ({ req, merchant }) => {
    await withdrawals.sweepReceipts(memberOf(req).id);
    return withdrawals.settings(merchant, memberOf(req).id);
  });
  registerEndpoint(app, deps, cashier.withdrawalCreate, ({ req, merchant, body }) =>
    withdrawals.create(merchant, memberOf(req), body),
  );
  registerEndpoint(app, deps, cashier.withdrawalList, ({ req, merchant, query }) =>
    withdrawals.listForMember(memberOf(req).id, query, merchant.timeZone),
  );
  registerEndpoint(app, deps, cashier.withdrawalReceipt, ({ req, params, body }) =>
    withdrawals.confirmReceipt(memberOf(req).id, params.id, body.outcome, body.proofUploadIds ?? []),
  );

  // Payment gateways: verify the signature over the raw bytes first, then read the body.
  registerEndpoint(app, deps, endpoints.gateway.sandboxCallback, async ({ req, merchant }) => {
    const raw = req.rawBody;
    let order: unknown;
    try {
      order = raw ? (JSON.parse(raw.toString('utf8')) as { order?: unknown }).order : undefined;
    } catch {
      order = undefined;
    }
    const deposit =
      typeof order === 'string' && order.length <= 64 ? await deposits.byGatewayOrder(merchant.id, order) : null;
    const gateway = gatewayByCode(deposit?.gateway ?? null);
    if (!deposit || !gateway || !deposit.gateway_secret || !raw) throw new AppError('gateway.bad_signature');
    const secret = deps.secrets.open('gateway-callback', deposit.gateway_secret);
    if (!gateway.verifyCallback(secret, req.headers, raw)) throw new AppError('gateway.bad_signature');
    return deposits.gatewayOutcome(merchant.id, deposit, req.body);
  });
  registerSandboxGatewayPages(app, deps);

  registerEndpoint(app, deps, admin.depositsList, ({ merchant, query, language }) =>
    deposits.listForOperator(merchant.id, query, queueSearchConditions('deposits', merchant.id, query, language)),
  );
  registerEndpoint(app, deps, admin.depositApprove, (ctx) =>
    deposits.review(operatorActor(ctx), ctx.params.id, 'approved', null),
  );
  registerEndpoint(app, deps, admin.depositReject, (ctx) =>
    deposits.review(operatorActor(ctx), ctx.params.id, 'rejected', ctx.body.reason),
  );
  registerEndpoint(app, deps, admin.withdrawalsList, ({ merchant, query, language }) =>
    withdrawals.listForOperator(merchant.id, query, queueSearchConditions('withdrawals', merchant.id, query, language)),
  );
  registerEndpoint(app, deps, admin.withdrawalApprove, (ctx) =>
    withdrawals.step(operatorActor(ctx), ctx.params.id, 'approve', null),
  );
  registerEndpoint(app, deps, admin.withdrawalPay, (ctx) =>
    withdrawals.step(operatorActor(ctx), ctx.params.id, 'pay', null),
  );
  registerEndpoint(app, deps, admin.withdrawalReject, (ctx) =>
    withdrawals.step(operatorActor(ctx), ctx.params.id, 'reject', ctx.body.reason),
  );
  registerEndpoint(app, deps, admin.withdrawalFail, (ctx) =>
    withdrawals.step(operatorActor(ctx), ctx.params.id, 'fail', ctx.body.reason),
  );
  registerEndpoint(app, deps, admin.channelsList, ({ merchant }) => channels.list(merchant.id));
  registerEndpoint(app, deps, admin.channelCreate, (ctx) =>
    channels.create(operatorActor(ctx), ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.channelUpdate, (ctx) =>
    channels.update(operatorActor(ctx), ctx.params.id, ctx.body, ctx.language),
  );
  registerEndpoint(app, deps, admin.settingsGet, ({ merchant }) => settings.get(merchant.id));
  registerEndpoint(app, deps, admin.settingsUpdate, (ctx) => settings.update(operatorActor(ctx), ctx.body));
  registerEndpoint(app, deps, admin.uploadGet, ({ merchant, params }) => uploads.forOperator(merchant.id, params.id));
  registerEndpoint(app, deps, admin.adjustmentsList, ({ merchant, query }) => adjustments.list(merchant.id, query));
  registerEndpoint(app, deps, admin.adjustmentCreate, (ctx) =>
    adjustments.create(operatorActor(ctx), ctx.merchant, ctx.body),
  );
  registerEndpoint(app, deps, admin.adjustmentConfirm, (ctx) => adjustments.confirm(operatorActor(ctx), ctx.params.id));

  // §4 auto-confirmation of receipts: every instance may run it; the UPDATE is its own guard.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      withdrawals.sweepReceipts().catch((error: unknown) => {
        if (!isDatabaseGoingAway(error)) app.log.error({ err: error }, 'receipt sweep failed');
      });
    }, RECEIPT_SWEEP_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
