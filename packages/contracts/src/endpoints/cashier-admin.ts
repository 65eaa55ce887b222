import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import {
  depositSchema,
  DEPOSIT_STATUSES,
  uploadContentSchema,
  withdrawalSchema,
  WITHDRAWAL_STATUSES,
} from './cashier.ts';
import { requestIdSchema } from './wallet.ts';

const tags = ['admin', 'cashier'] as const;

const idParams = z.object({
  id: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1),
});
const listQuery = {
  memberId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 31 - 1)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  beforeId: z.coerce
    .number()
    .int()
    .positive()
    .max(2 ** 53 - 1)
    .optional(),
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
  depositsList: defineEndpoint({
    name: 'admin.deposits.list',
    method: 'GET',
    path: '/admin/deposits',
    auth: 'operator',
    summary: 'Deposits of this merchant, newest first',
    tags,
    query: z.object({ ...listQuery, status: z.enum(DEPOSIT_STATUSES).optional() }),
    response: z.array(adminDepositSchema),
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
    summary: 'Withdrawals of this merchant, newest first',
    tags,
    query: z.object({ ...listQuery, status: z.enum(WITHDRAWAL_STATUSES).optional() }),
    response: z.array(adminWithdrawalSchema),
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
