import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints, type ContractKind } from '@khela/contracts';
import type { AppDeps } from '../../../deps.ts';
import { AppError } from '../../../http/app-error.ts';
import type { MemberContext } from '../../../http/context.ts';
import { registerEndpoint } from '../../../http/route.ts';
import { operatorActor, recordAudit } from '../../audit/audit-log.ts';
import { ledger as createLedger } from '../../ledger/ledger.ts';
import { payoutRecords } from '../settlement/payouts.ts';
import { agentSettlement } from '../settlement/settlement.ts';
import { contractsForOperator } from './admin-list.ts';
import { agentContracts } from './contracts.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Issue 13 items 3 and 4: contract offers and decisions, payout records, and the operator's hold and re-run. */
export function registerAgentContractRoutes(app: FastifyInstance, deps: AppDeps) {
  const contracts = agentContracts(deps);
  const records = payoutRecords(deps);
  const settlement = agentSettlement({ db: deps.db, ledger: createLedger(deps) });
  const calls = endpoints.agentContracts;
  const adminContracts = contractsForOperator(deps);

  const byKind: [typeof calls.processDividendReq, ContractKind][] = [
    [calls.processDividendReq, 'dividend'],
    [calls.processDailySalary, 'daily_salary'],
  ];
  for (const [def, kind] of byKind) {
    registerEndpoint(app, deps, def, ({ req, query }) => contracts.decide(memberOf(req), kind, query));
  }
  const byKindPost: [typeof calls.processContractHourSalary, ContractKind][] = [
    [calls.processContractHourSalary, 'hourly_salary'],
    [calls.processRealTimeSalaryContract, 'realtime_salary'],
  ];
  for (const [def, kind] of byKindPost) {
    registerEndpoint(app, deps, def, ({ req, body }) => contracts.decide(memberOf(req), kind, body));
  }
  registerEndpoint(app, deps, calls.decide, ({ req, body }) => contracts.decide(memberOf(req), null, body));
  registerEndpoint(app, deps, calls.offer, ({ req, body }) => contracts.offer(memberOf(req), body));
  registerEndpoint(app, deps, calls.mine, ({ req }) => contracts.mine(memberOf(req)));
  registerEndpoint(app, deps, calls.offered, ({ req, query }) => contracts.offered(memberOf(req), query.username));
  registerEndpoint(app, deps, calls.payouts, ({ req, merchant, query }) =>
    records.mine(memberOf(req), merchant, query),
  );
  registerEndpoint(app, deps, calls.income, ({ req, merchant, query }) =>
    records.income(memberOf(req), merchant, query),
  );
  registerEndpoint(app, deps, calls.history, ({ req, query }) => contracts.history(memberOf(req), query));

  const admin = endpoints.admin.agentPayouts;
  registerEndpoint(app, deps, admin.payoutsList, ({ merchant, query }) => records.forOperator(merchant, query));
  registerEndpoint(app, deps, admin.contractsList, ({ merchant, query }) => adminContracts.list(merchant.id, query));
  registerEndpoint(app, deps, admin.contractDetail, ({ merchant, params }) =>
    adminContracts.detail(merchant.id, BigInt(params.id)),
  );
  registerEndpoint(app, deps, admin.houseOffer, async (ctx) => {
    const actor = operatorActor(ctx);
    const result = await contracts.offerFromHouse(actor.merchantId, actor.operatorId, ctx.body);
    await recordAudit(deps.db, actor, {
      action: 'create',
      entity: 'agentContracts',
      entityId: result.contract.id,
      after: result.contract,
    });
    return result;
  });
  registerEndpoint(app, deps, admin.houseTerminate, async (ctx) => {
    const actor = operatorActor(ctx);
    return contracts.terminateFromHouse(
      actor.merchantId,
      actor.operatorId,
      BigInt(ctx.body.contractId),
      (trx, before, after) =>
        recordAudit(trx, actor, {
          action: 'terminate',
          entity: 'agentContracts',
          entityId: after.id,
          before,
          after: { ...after, reason: ctx.body.reason ?? null },
        }),
      ctx.body.reason,
    );
  });
  registerEndpoint(app, deps, admin.payoutHold, async (ctx) => {
    const actor = operatorActor(ctx);
    const contractId = BigInt(ctx.body.contractId);
    const start = new Date(ctx.body.periodStart);
    await settlement.hold(actor.merchantId, contractId, start, actor.operatorId);
    const payout = await records.one(actor.merchantId, contractId, start);
    await recordAudit(deps.db, actor, { action: 'hold', entity: 'agentPayouts', entityId: payout.id, after: payout });
    return { payout };
  });
  registerEndpoint(app, deps, admin.payoutRerun, async (ctx) => {
    const actor = operatorActor(ctx);
    const contractId = BigInt(ctx.body.contractId);
    const start = new Date(ctx.body.periodStart);
    const before = await records.one(actor.merchantId, contractId, start).catch(() => null);
    await settlement.rerun(actor.merchantId, contractId, start, new Date());
    const payout = await records.one(actor.merchantId, contractId, start);
    await recordAudit(deps.db, actor, {
      action: 'rerun',
      entity: 'agentPayouts',
      entityId: payout.id,
      before,
      after: payout,
    });
    return { payout };
  });
}
