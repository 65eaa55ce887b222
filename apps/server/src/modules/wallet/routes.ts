import type { FastifyInstance, FastifyRequest } from 'fastify';
import { endpoints } from '@khela/contracts';
import { paymentPasswords } from '../cashier/payee-accounts/payment-password.ts';
import type { AppDeps } from '../../deps.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext } from '../../http/context.ts';
import { registerEndpoint } from '../../http/route.ts';
import { ledger as createLedger } from '../ledger/ledger.ts';
import { walletBalances } from './balance.ts';
import { recordsWindow, walletRecords } from './records.ts';
import { walletTransfers } from './transfers.ts';

function memberOf(req: FastifyRequest): MemberContext {
  if (!req.member) throw new AppError('auth.not_logged_in');
  return req.member;
}

/** Balance, transfers and records (issue 5 items 2, 6, 7). */
export function registerWalletRoutes(app: FastifyInstance, deps: AppDeps) {
  const balances = walletBalances(deps);
  const transfers = walletTransfers({
    db: deps.db,
    ledger: createLedger(deps),
    paymentPasswords: paymentPasswords(deps),
    gameWallets: deps.gameWallets,
  });
  const records = walletRecords(deps);

  registerEndpoint(app, deps, endpoints.wallet.balance, ({ req, merchant, language }) =>
    balances.balance(memberOf(req), merchant, language),
  );
  registerEndpoint(app, deps, endpoints.wallet.merchantWallet, ({ merchant }) => balances.merchantWallet(merchant));
  registerEndpoint(app, deps, endpoints.wallet.consolidated, ({ req, merchant }) =>
    balances.consolidated(memberOf(req), merchant),
  );

  registerEndpoint(app, deps, endpoints.wallet.transferUpline, ({ req, merchant, body, language }) =>
    transfers.toMember(memberOf(req), merchant, body, language),
  );
  registerEndpoint(app, deps, endpoints.wallet.transferFund, ({ req, merchant, body }) =>
    transfers.betweenWallets(memberOf(req), merchant, body),
  );

  // The records' days are the merchant's days (its time zone).
  registerEndpoint(app, deps, endpoints.wallet.transactionHistory, ({ req, merchant, query, language }) =>
    records.transactionHistory(memberOf(req), recordsWindow(query, language, merchant.timeZone), query.type),
  );
  registerEndpoint(app, deps, endpoints.wallet.personalProfit, ({ req, merchant, query, language }) =>
    records.personalProfit(memberOf(req), recordsWindow(query, language, merchant.timeZone)),
  );
  registerEndpoint(app, deps, endpoints.wallet.bonusDetails, ({ req, merchant, query, language }) =>
    records.bonusDetails(memberOf(req), recordsWindow(query, language, merchant.timeZone)),
  );
  registerEndpoint(app, deps, endpoints.wallet.bettingRecords, ({ req, merchant, query, language }) =>
    records.bettingRecords(memberOf(req), recordsWindow(query, language, merchant.timeZone), language, query),
  );
}
