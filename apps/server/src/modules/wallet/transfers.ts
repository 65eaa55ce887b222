import { parseMinor, toDecimalString } from '@khela/money';
import { isAgentType, isTrialType, type Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MemberContext, MerchantContext } from '../../http/context.ts';
import type { PaymentPasswords } from '../cashier/payee-accounts/payment-password.ts';
import type { GameWallets } from '../games/transfer-wallet/game-wallets.ts';
import type { Ledger, PostedTransaction } from '../ledger/ledger.ts';
import { memberRepository } from '../members/repository.ts';

export interface MemberTransferRequest {
  direction: 'upline' | 'downline';
  username?: string | undefined;
  amount: string;
  requestId: string;
  paymentPassword?: string | undefined;
}

export interface FundTransferRequest {
  vendorCode: string;
  direction: 'toGame' | 'toMain';
  amount: string;
  requestId: string;
}

const USERNAME_REQUIRED = {
  en: 'Please enter the username of the downline.',
  bn: 'অনুগ্রহ করে ডাউনলাইনের ইউজারনেম দিন।',
} as const;

function balanceAfter(posted: PostedTransaction, index: number): string {
  return toDecimalString(posted.postings[index]?.balanceAfter ?? 0n);
}

/**
 * Transfers (issue 5 item 6), each one ledger transaction keyed by the member and the client's
 * requestId: a repeated request moves nothing again and answers as the first did; the same
 * requestId with other content is wallet.duplicate_transaction.
 */
export function walletTransfers({
  db,
  ledger,
  paymentPasswords,
  gameWallets,
}: {
  db: Db;
  ledger: Ledger;
  paymentPasswords: PaymentPasswords;
  gameWallets: GameWallets;
}) {
  const members = memberRepository(db);

  /**
   * As for withdrawals (issue 10 item 7): money leaves the member only with a payment password,
   * so a member who has not set one is told to set it first (cashier.payment_password_required);
   * wrong ones count towards the same lockout as the withdrawal's.
   */
  async function checkPaymentPassword(memberId: number, given: string | undefined) {
    if (!(await paymentPasswords.isSet(memberId))) throw new AppError('cashier.payment_password_required');
    if (!given) throw new AppError('wallet.payment_password_required');
    await paymentPasswords.verify(memberId, given);
  }

  /** The receiving member: the direct upline, or (agents only) one of the agent's own downlines. */
  async function counterpartyOf(member: MemberContext, request: MemberTransferRequest, language: Language) {
    if (request.direction === 'upline') {
      const self = await members.byId(member.merchantId, member.id);
      if (!self?.upline_id) throw new AppError('wallet.no_upline');
      const upline = await members.byId(member.merchantId, self.upline_id);
      if (!upline || upline.status !== 'active') throw new AppError('wallet.no_upline');
      return upline;
    }
    // §6: only agents (types 1, 2, 41, 42) transfer to downlines.
    if (!isAgentType(member.type)) throw new AppError('auth.not_agent');
    if (!request.username) throw AppError.fields([{ field: 'username', message: USERNAME_REQUIRED[language] }]);
    const target = await members.byUsername(member.merchantId, request.username);
    // A member outside the agent's tree is answered exactly like one that does not exist.
    if (!target || target.status !== 'active' || !(await members.isUnder(target.id, member.id))) {
      throw new AppError('wallet.member_not_found');
    }
    return target;
  }

  return {
    async toMember(
      member: MemberContext,
      merchant: MerchantContext,
      request: MemberTransferRequest,
      language: Language,
    ) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const amount = parseMinor(request.amount);
      await checkPaymentPassword(member.id, request.paymentPassword);
      const target = await counterpartyOf(member, request, language);
      const posted = await ledger.post({
        merchantId: merchant.id,
        currency: merchant.currency,
        idempotencyKey: `member-transfer:${member.id}:${request.requestId}`,
        kind: request.direction === 'upline' ? 'transfer_upline' : 'transfer_downline',
        postings: [
          { account: { kind: 'member_main', memberId: member.id }, amount: -amount },
          { account: { kind: 'member_main', memberId: target.id }, amount },
        ],
        reference: { requestId: request.requestId, fromMemberId: member.id, toMemberId: target.id },
      });
      return {
        transactionId: posted.transactionId.toString(),
        replayed: posted.replayed,
        amount: toDecimalString(amount),
        balance: balanceAfter(posted, 0),
        counterparty: target.username,
      };
    },

    /**
     * transferFund: between the main wallet and a transfer-wallet vendor's (issue 11 item 5: the
     * vendor is called, modules/games/transfer-wallet). Answered once the vendor confirms; a
     * transfer it has not confirmed yet is game.transfer_pending (it settles by itself, and the
     * same requestId asks again).
     */
    async betweenWallets(member: MemberContext, merchant: MerchantContext, request: FundTransferRequest) {
      if (isTrialType(member.type)) throw new AppError('auth.trial_account');
      const amount = parseMinor(request.amount);
      const integration = await gameWallets.integrationByCode(merchant.id, request.vendorCode);
      if (integration.currency !== merchant.currency) throw new AppError('wallet.vendor_not_found');
      const outcome = await gameWallets.transfer(member, integration, request.direction, amount, request.requestId);
      if (outcome.state === 'pending') throw new AppError('game.transfer_pending');
      if (outcome.state === 'failed') {
        if (outcome.reason === 'INSUFFICIENT_FUNDS') {
          throw new AppError('wallet.insufficient_funds', { balance: toDecimalString(outcome.gameBalance ?? 0n) });
        }
        throw new AppError('game.transfer_refused');
      }
      return {
        transactionId: outcome.transferId,
        replayed: outcome.replayed,
        amount: toDecimalString(amount),
        balance: toDecimalString(outcome.mainBalance ?? 0n),
        gameBalance: toDecimalString(outcome.gameBalance ?? 0n),
      };
    },
  };
}
