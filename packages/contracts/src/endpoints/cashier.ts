import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_BIGSERIAL, MAX_SERIAL, pathId } from './ids.ts';
import { amountSchema, moneyValueSchema } from './amount.ts';
import { hasControlCharacters } from './support.ts';
import { recordsQuerySchema, requestIdSchema } from './wallet.ts';

const tags = ['cashier'] as const;

/** §5, §9: receipt and proof images are png or jpg, at most 5 MB each and 3 per deposit or receipt. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_CONTENT_TYPES = ['image/png', 'image/jpeg'] as const;
export const UPLOADS_PER_RECORD = 3;

export const DEPOSIT_STATUSES = ['pending', 'approved', 'rejected', 'failed'] as const;
export const WITHDRAWAL_STATUSES = ['pending', 'approved', 'paid', 'rejected', 'failed'] as const;
export const PAYMENT_METHODS = ['bank', 'bkash', 'nagad', 'rocket', 'gateway'] as const;
export const PAYEE_METHODS = ['bank', 'bkash', 'nagad', 'rocket'] as const;
/** §4 withdrawal receipt: what the member answers after payment. */
export const RECEIPT_OUTCOMES = ['received', 'not_received', 'full_payment'] as const;
export const RECEIPT_STATES = [...RECEIPT_OUTCOMES, 'auto_received'] as const;
/** Deposit limits the member sets: 24 hours, 7 days, 1 month (30 days), each a rolling window. */
export const DEPOSIT_LIMIT_PERIODS = ['day', 'week', 'month'] as const;

const text = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value));
const isoDate = z.iso.datetime({ offset: true });
const idParams = pathId(MAX_BIGSERIAL);
const serialIdSchema = z.number().int().min(1).max(MAX_SERIAL);
const uploadIdsSchema = z.array(z.number().int().min(1).max(MAX_BIGSERIAL)).max(UPLOADS_PER_RECORD);
/** A 6-digit payment password (the registration rule of `paymentPassword`). */
const paymentPasswordSchema = z
  .string()
  .max(32)
  .refine((value) => /^\d{6}$/.test(value));

const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({ list: z.array(item), total: z.number().int(), pageNo: z.number().int(), pageSize: z.number().int() });

export const paymentChannelSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  method: z.enum(PAYMENT_METHODS),
  name: z.string(),
  minAmount: moneyValueSchema,
  maxAmount: moneyValueSchema,
  /** Manual channels: where the member pays. Gateway channels: null (the gateway's page shows it). */
  payee: z
    .object({
      bankName: z.string().nullable(),
      branch: z.string().nullable(),
      accountName: z.string().nullable(),
      accountNumber: z.string().nullable(),
    })
    .nullable(),
});

export const depositLimitSchema = z.object({
  period: z.enum(DEPOSIT_LIMIT_PERIODS),
  /** The limit in force; null: none. */
  amount: moneyValueSchema.nullable(),
  /** Approved and pending deposits in the rolling window. */
  used: moneyValueSchema,
  remaining: moneyValueSchema.nullable(),
  /** A raise (or removal) waiting for its 24 hours: the amount (null = no limit) and when it applies. */
  pending: z.object({ amount: moneyValueSchema.nullable(), effectiveAt: isoDate }).nullable(),
});

export const depositSettingsSchema = z.object({
  allowDeposit: z.enum(['Y', 'N']),
  totalDepositSuccessCount: z.number().int(),
  currency: z.string(),
  channels: z.array(paymentChannelSchema),
  limits: z.array(depositLimitSchema),
});

export const depositSchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  channelId: z.number().int(),
  channelCode: z.string(),
  method: z.enum(PAYMENT_METHODS),
  amount: moneyValueSchema,
  currency: z.string(),
  referenceNumber: z.string().nullable(),
  status: z.enum(DEPOSIT_STATUSES),
  reason: z.string().nullable(),
  receiptUploadIds: z.array(z.number().int()),
  /** Gateway deposits: the page where the member pays; null otherwise or once settled. */
  paymentUrl: z.string().nullable(),
  createdAt: isoDate,
  reviewedAt: isoDate.nullable(),
});
export type Deposit = z.infer<typeof depositSchema>;

export const depositBodySchema = z.object({
  requestId: requestIdSchema,
  channelId: serialIdSchema,
  amount: amountSchema,
  /** Manual channels: the transaction id of the member's transfer (required there). */
  referenceNumber: text(64).optional(),
  receiptUploadIds: uploadIdsSchema.optional(),
});

export const cashierListQuerySchema = recordsQuerySchema;

export const uploadSchema = z.object({
  id: z.number().int(),
  contentType: z.enum(UPLOAD_CONTENT_TYPES),
  size: z.number().int(),
  sha256: z.string(),
  createdAt: isoDate,
});
export const uploadContentSchema = z.object({ ...uploadSchema.shape, dataBase64: z.string() });

export const payeeAccountSchema = z.object({
  id: z.number().int(),
  method: z.enum(PAYEE_METHODS),
  bankName: z.string().nullable(),
  branch: z.string().nullable(),
  accountNumber: z.string(),
  payeeName: z.string(),
  createdAt: isoDate,
});

export const payeeAccountBodySchema = z.object({
  method: z.enum(PAYEE_METHODS),
  /** Bank accounts only. */
  bankName: text(64).optional(),
  branch: text(64).optional(),
  /** Bank: 6 to 20 digits; bKash, Nagad, Rocket: the 11-digit mobile wallet number. */
  accountNumber: z
    .string()
    .trim()
    .refine((value) => /^\d{6,20}$/.test(value)),
  payeeName: text(64).pipe(z.string().min(2)),
});

export const withdrawSettingsSchema = z.object({
  allowWithdraw: z.enum(['Y', 'N']),
  currency: z.string(),
  minimumAmount: moneyValueSchema,
  maximumAmount: moneyValueSchema,
  dailyCount: z.number().int(),
  dailyUsed: z.number().int(),
  /** Wagering still required by bonuses before a withdrawal is allowed. */
  remainingTurnover: moneyValueSchema,
  paymentPasswordSet: z.boolean(),
  payeeName: z.string().nullable(),
  maxPayeeAccounts: z.number().int(),
  accounts: z.array(payeeAccountSchema),
  /** §4: a paid withdrawal left unconfirmed this long counts as received. */
  receiptConfirmMinutes: z.number().int(),
});

export const withdrawalSchema = z.object({
  id: z.number().int(),
  requestId: z.string(),
  amount: moneyValueSchema,
  currency: z.string(),
  payeeAccount: payeeAccountSchema,
  status: z.enum(WITHDRAWAL_STATUSES),
  reason: z.string().nullable(),
  receipt: z.enum(RECEIPT_STATES).nullable(),
  confirmDeadline: isoDate.nullable(),
  proofUploadIds: z.array(z.number().int()),
  createdAt: isoDate,
  paidAt: isoDate.nullable(),
});
export type Withdrawal = z.infer<typeof withdrawalSchema>;

export const withdrawalBodySchema = z.object({
  requestId: requestIdSchema,
  amount: amountSchema,
  payeeAccountId: serialIdSchema,
  paymentPassword: paymentPasswordSchema,
});

export const cashierEndpoints = {
  depositSettings: defineEndpoint({
    name: 'MCSFE_getDepositSettings',
    method: 'GET',
    path: '/wps/relay/MCSFE_getDepositSettings',
    aliases: ['/wps/relay/MCSFE_getDepositPaymentChannels'],
    auth: 'member',
    switch: 'DEPOSIT',
    summary: "Deposit channels with their limits and payee details, and the member's own deposit limits",
    tags,
    response: depositSettingsSchema,
  }),
  depositCreate: defineEndpoint({
    name: 'cashier.deposit',
    method: 'POST',
    path: '/wps/cashier/deposits',
    auth: 'member',
    switch: 'DEPOSIT',
    summary:
      'Submit a deposit (idempotent by requestId); gateway channels answer a paymentUrl, manual ones wait for an operator',
    tags,
    body: depositBodySchema,
    response: depositSchema,
  }),
  depositList: defineEndpoint({
    name: 'cashier.deposits',
    method: 'GET',
    path: '/wps/cashier/deposits',
    auth: 'member',
    summary: 'Own deposits, newest first; filter by status and day window',
    tags,
    query: z.object({ ...cashierListQuerySchema.shape, status: z.enum(DEPOSIT_STATUSES).optional() }),
    response: pageOf(depositSchema),
  }),
  depositLimitSet: defineEndpoint({
    name: 'cashier.depositLimit',
    method: 'PUT',
    path: '/wps/cashier/deposit-limits',
    auth: 'member',
    summary: 'Set a deposit limit (null removes it): a decrease applies at once, an increase after 24 hours',
    tags,
    body: z.object({ period: z.enum(DEPOSIT_LIMIT_PERIODS), amount: amountSchema.nullable() }),
    response: z.array(depositLimitSchema),
  }),
  uploadCreate: defineEndpoint({
    name: 'cashier.upload',
    method: 'POST',
    path: '/wps/cashier/uploads',
    auth: 'member',
    bodyFormat: 'binary',
    summary: 'Upload a receipt or proof image: the raw bytes, Content-Type image/png or image/jpeg, at most 5 MB',
    tags,
    response: uploadSchema,
  }),
  uploadGet: defineEndpoint({
    name: 'cashier.uploadGet',
    method: 'GET',
    path: '/wps/cashier/uploads/:id',
    auth: 'member',
    summary: 'One of your own uploads, with its bytes in base64',
    tags,
    params: idParams,
    response: uploadContentSchema,
  }),
  payeeAccounts: defineEndpoint({
    name: 'cashier.payeeAccounts',
    method: 'GET',
    path: '/wps/cashier/payee-accounts',
    auth: 'member',
    summary: 'Bound bank and e-wallet accounts',
    tags,
    response: z.array(payeeAccountSchema),
  }),
  payeeAccountBind: defineEndpoint({
    name: 'cashier.payeeAccountBind',
    method: 'POST',
    path: '/wps/cashier/payee-accounts',
    auth: 'member',
    switch: 'WITHDRAW',
    summary: 'Bind a payee account; the payee name must be the registered real name (the first binding sets it)',
    tags,
    body: payeeAccountBodySchema,
    response: payeeAccountSchema,
  }),
  payeeAccountRemove: defineEndpoint({
    name: 'cashier.payeeAccountRemove',
    method: 'DELETE',
    path: '/wps/cashier/payee-accounts/:id',
    auth: 'member',
    summary: 'Unbind a payee account',
    tags,
    params: pathId(MAX_SERIAL),
    response: z.null(),
  }),
  paymentPasswordSet: defineEndpoint({
    name: 'cashier.paymentPassword',
    method: 'PUT',
    path: '/wps/cashier/payment-password',
    auth: 'member',
    encrypted: true,
    summary: 'Set the 6-digit payment password once; changing it needs the old one',
    tags,
    body: z.object({ oldPassword: paymentPasswordSchema.optional(), newPassword: paymentPasswordSchema }),
    response: z.object({ paymentPasswordSet: z.boolean() }),
  }),
  withdrawSettings: defineEndpoint({
    name: 'MCSFE_getWithdrawSettings',
    method: 'GET',
    path: '/wps/relay/MCSFE_getWithdrawSettings',
    auth: 'member',
    switch: 'WITHDRAW',
    summary: 'Withdrawal limits, daily count, remaining turnover and bound accounts',
    tags,
    query: z.object({ groupId: text(32).optional() }),
    response: withdrawSettingsSchema,
  }),
  withdrawalCreate: defineEndpoint({
    name: 'cashier.withdraw',
    method: 'POST',
    path: '/wps/cashier/withdrawals',
    auth: 'member',
    encrypted: true,
    switch: 'WITHDRAW',
    summary: 'Request a withdrawal (idempotent by requestId): the amount is held until an operator pays or rejects',
    tags,
    body: withdrawalBodySchema,
    response: withdrawalSchema,
  }),
  withdrawalList: defineEndpoint({
    name: 'cashier.withdrawals',
    method: 'GET',
    path: '/wps/cashier/withdrawals',
    auth: 'member',
    summary: 'Own withdrawals, newest first; filter by status and day window',
    tags,
    query: z.object({ ...cashierListQuerySchema.shape, status: z.enum(WITHDRAWAL_STATUSES).optional() }),
    response: pageOf(withdrawalSchema),
  }),
  withdrawalReceipt: defineEndpoint({
    name: 'cashier.withdrawalReceipt',
    method: 'POST',
    path: '/wps/cashier/withdrawals/:id/receipt',
    auth: 'member',
    summary: '§4 receipt of a paid withdrawal: received, not received (proof images required) or full payment made',
    tags,
    params: idParams,
    body: z.object({ outcome: z.enum(RECEIPT_OUTCOMES), proofUploadIds: uploadIdsSchema.optional() }),
    response: withdrawalSchema,
  }),
};
