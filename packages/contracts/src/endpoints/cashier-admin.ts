import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_BIGSERIAL, pathId } from './ids.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import {
  depositSchema,
  DEPOSIT_STATUSES,
  PAYMENT_METHODS,
  uploadContentSchema,
  withdrawalSchema,
  WITHDRAWAL_STATUSES,
} from './cashier.ts';
import { page, pagingShape, requestIdSchema } from './wallet.ts';

const tags = ['admin', 'cashier'] as const;

const idParams = pathId(MAX_BIGSERIAL);
/** Columns the cashier queues sort by (issue 16: newest first unless asked; `id` is arrival order). */
export const CASHIER_QUEUE_SORTS = ['id', 'amount', 'createdAt'] as const;
const listQuery = {
  memberId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  ...pagingShape,
  sort: z.enum(CASHIER_QUEUE_SORTS).optional(),
  order: z.enum(['asc', 'desc']).optional(),
};
/** Issue 16 item 3: what the queue search's `q` names. */
export const CASHIER_SEARCH_BY = ['username', 'memberId', 'mobile', 'reference', 'id'] as const;
/** The queues' search on the server: `q` read as `by` says, and an amount range (both ends included). */
const queueSearch = {
  by: z.enum(CASHIER_SEARCH_BY).default('username'),
  q: z.string().trim().min(1).max(64).optional(),
  minAmount: amountSchema.optional(),
  maxAmount: amountSchema.optional(),
};
const reasonBody = z.object({ reason: z.string().trim().min(1).max(500) });
const ofMember = { memberId: z.number().int(), username: z.string() };

export const adminDepositSchema = z.object({ ...depositSchema.shape, ...ofMember });
export const adminWithdrawalSchema = z.object({ ...withdrawalSchema.shape, ...ofMember });
export const adjustmentSchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  direction: z.enum(['credit', 'debit']),
  amount: moneyValueSchema,
  currency: z.string(),
  reason: z.string(),
  /** `pending`: above the merchant's threshold, waiting for a second operator. */
  status: z.enum(['pending', 'applied']),
  requestedBy: z.number().int(),
  confirmedBy: z.number().int().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  appliedAt: z.iso.datetime({ offset: true }).nullable(),
});

const withdrawalStep = <S extends string>(step: S, summary: string) =>
  defineEndpoint({
    name: `admin.withdrawals.${step}`,
    method: 'POST',
    path: `/admin/withdrawals/:id/${step}`,
    auth: 'operator',
    summary,
    tags,
    params: idParams,
    response: adminWithdrawalSchema,
  });
const withdrawalStepWithReason = <S extends string>(step: S, summary: string) => ({
  ...withdrawalStep(step, summary),
  body: reasonBody,
});

export const cashierSettingsSchema = z.object({
  withdrawMin: amountSchema,
  withdrawMax: amountSchema,
  withdrawDailyCount: z.number().int().min(0).max(100),
  maxPayeeAccounts: z.number().int().min(0).max(20),
  /** §4, §9: a paid withdrawal left unconfirmed this long counts as received. */
  receiptConfirmMinutes: z.number().int().min(1).max(10_080),
  /** Adjustments above this need a second operator. */
  adjustmentThreshold: amountSchema,
});

const channelText = z.string().trim().min(1).max(100);
/** Where members pay a manual channel; gateway channels have none (the gateway's page shows it). */
const channelPayeeSchema = z.object({
  bankName: channelText.nullable(),
  branch: channelText.nullable(),
  accountName: channelText,
  accountNumber: z
    .string()
    .trim()
    .regex(/^[0-9][0-9 -]{3,33}$/),
});
/** What an operator may change of a payment channel (issue 5 item 3); code and method stay. */
const paymentChannelChange = z.object({
  name: z.object({ bn: channelText, en: channelText }),
  payee: channelPayeeSchema.nullable(),
  minAmount: amountSchema,
  maxAmount: amountSchema,
  enabled: z.boolean(),
  sort: z.number().int().min(0).max(999),
});
export const adminPaymentChannelSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  method: z.enum(PAYMENT_METHODS),
  name: z.object({ bn: z.string(), en: z.string() }),
  payee: channelPayeeSchema.nullable(),
  minAmount: moneyValueSchema,
  maxAmount: moneyValueSchema,
  enabled: z.boolean(),
  sort: z.number().int(),
  /** The gateway adapter of a gateway channel (its callback secret is never sent back). */
  gateway: z.string().nullable(),
});

/** Operator cashier calls (issue 5 item 8); each change is audit-logged. */
export const cashierAdminEndpoints = {
  settingsGet: defineEndpoint({
    name: 'admin.cashier.settings',
    method: 'GET',
    path: '/admin/cashier/settings',
    auth: 'operator',
    summary: 'Withdrawal limits, receipt auto-confirm minutes and the adjustment threshold',
    tags,
    response: cashierSettingsSchema,
  }),
  settingsUpdate: defineEndpoint({
    name: 'admin.cashier.settingsUpdate',
    method: 'PUT',
    path: '/admin/cashier/settings',
    auth: 'operator',
    summary: 'Change the cashier settings (withdrawMax at least withdrawMin)',
    tags,
    body: cashierSettingsSchema,
    response: cashierSettingsSchema,
  }),
  channelsList: defineEndpoint({
    name: 'admin.paymentChannels.list',
    method: 'GET',
    path: '/admin/payment-channels',
    auth: 'operator',
    summary: "The merchant's payment channels, disabled ones included, in display order",
    tags,
    response: z.array(adminPaymentChannelSchema),
  }),
  channelCreate: defineEndpoint({
    name: 'admin.paymentChannels.create',
    method: 'POST',
    path: '/admin/payment-channels',
    auth: 'operator',
    summary:
      'Add a payment channel: a manual one (bank, bKash, Nagad, Rocket) with its payee, or a gateway one ' +
      '(the sandbox adapter) with the secret of its signed callbacks (generated when not given)',
    tags,
    body: z.object({
      ...paymentChannelChange.shape,
      code: z
        .string()
        .trim()
        .regex(/^[a-z0-9_-]{1,32}$/),
      method: z.enum(PAYMENT_METHODS),
      gatewaySecret: z.string().min(32).max(200).optional(),
    }),
    response: adminPaymentChannelSchema,
  }),
  channelUpdate: defineEndpoint({
    name: 'admin.paymentChannels.update',
    method: 'PUT',
    path: '/admin/payment-channels/:id',
    auth: 'operator',
    summary: 'Change a payment channel: names, payee, limits, enabled, order (new deposits see it at once)',
    tags,
    params: idParams,
    body: paymentChannelChange,
    response: adminPaymentChannelSchema,
  }),
  depositsList: defineEndpoint({
    name: 'admin.deposits.list',
    method: 'GET',
    path: '/admin/deposits',
    auth: 'operator',
    summary:
      'Deposits of this merchant, paged, newest first unless sorted; searched by member, mobile, reference or id and amount',
    tags,
    query: z.object({ ...listQuery, ...queueSearch, status: z.enum(DEPOSIT_STATUSES).optional() }),
    response: page(adminDepositSchema),
  }),
  depositApprove: defineEndpoint({
    name: 'admin.deposits.approve',
    method: 'POST',
    path: '/admin/deposits/:id/approve',
    auth: 'operator',
    summary: "Approve a pending deposit: credits the member's wallet exactly once; a repeat answers the state",
    tags,
    params: idParams,
    response: adminDepositSchema,
  }),
  depositReject: defineEndpoint({
    name: 'admin.deposits.reject',
    method: 'POST',
    path: '/admin/deposits/:id/reject',
    auth: 'operator',
    summary: 'Reject a pending deposit with a reason',
    tags,
    params: idParams,
    body: reasonBody,
    response: adminDepositSchema,
  }),
  withdrawalsList: defineEndpoint({
    name: 'admin.withdrawals.list',
    method: 'GET',
    path: '/admin/withdrawals',
    auth: 'operator',
    summary:
      'Withdrawals of this merchant, paged, newest first unless sorted; searched by member, mobile, reference or id and amount',
    tags,
    query: z.object({ ...listQuery, ...queueSearch, status: z.enum(WITHDRAWAL_STATUSES).optional() }),
    response: page(adminWithdrawalSchema),
  }),
  withdrawalApprove: withdrawalStep('approve', 'Approve a pending withdrawal (the amount stays held)'),
  withdrawalPay: withdrawalStep('pay', 'Mark an approved withdrawal paid: the held amount leaves to the payout'),
  withdrawalReject: withdrawalStepWithReason('reject', 'Reject a pending or approved withdrawal: the hold is released'),
  withdrawalFail: withdrawalStepWithReason('fail', 'The payout of an approved withdrawal failed: the hold is released'),
  uploadGet: defineEndpoint({
    name: 'admin.uploads.get',
    method: 'GET',
    path: '/admin/uploads/:id',
    auth: 'operator',
    summary: 'A receipt or proof image of a member of this merchant, bytes in base64',
    tags,
    params: idParams,
    response: uploadContentSchema,
  }),
  adjustmentsList: defineEndpoint({
    name: 'admin.adjustments.list',
    method: 'GET',
    path: '/admin/adjustments',
    auth: 'operator',
    summary: 'Manual adjustments, newest first',
    tags,
    query: z.object({
      status: z.enum(['pending', 'applied']).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
    }),
    response: z.array(adjustmentSchema),
  }),
  adjustmentCreate: defineEndpoint({
    name: 'admin.adjustments.create',
    method: 'POST',
    path: '/admin/adjustments',
    auth: 'operator',
    summary:
      "Credit or debit a member's main wallet with a reason (idempotent by requestId); above the threshold it waits for a second operator",
    tags,
    body: z.object({
      requestId: requestIdSchema,
      memberId: z
        .number()
        .int()
        .positive()
        .max(2 ** 31 - 1),
      direction: z.enum(['credit', 'debit']),
      amount: amountSchema,
      reason: z.string().trim().min(3).max(500),
    }),
    response: adjustmentSchema,
  }),
  adjustmentConfirm: defineEndpoint({
    name: 'admin.adjustments.confirm',
    method: 'POST',
    path: '/admin/adjustments/:id/confirm',
    auth: 'operator',
    summary: 'Confirm a pending adjustment (a different operator than the one who asked): the money moves',
    tags,
    params: idParams,
    response: adjustmentSchema,
  }),
};
