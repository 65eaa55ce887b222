import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { MAX_SERIAL, pathId } from './ids.ts';

const tags = ['admin', 'operators'] as const;

export const OPERATOR_ROLES = ['superadmin', 'content', 'settings', 'support'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  role: z.enum(OPERATOR_ROLES),
  merchantCode: z.string(),
});

/** A merchant an operator works on (issue 16 item 2): their home merchant, or one granted. */
export const operatorMerchantSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  /** The merchant the operator belongs to and signs in at; it cannot be taken away. */
  home: z.boolean(),
});
export type OperatorMerchant = z.infer<typeof operatorMerchantSchema>;

/** The signed-in operator: `merchantCode` is the merchant the session works on now. */
export const operatorMeSchema = operatorSchema.extend({
  permissions: z.array(z.string()),
  /** Every merchant the operator works on, home first, then by code. */
  merchants: z.array(operatorMerchantSchema),
});

const merchantCode = z.string().trim().min(1).max(32);

/** An operator as the console's operator list shows it. */
export const operatorRowSchema = operatorSchema.extend({
  active: z.boolean(),
  totpEnabled: z.boolean(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OperatorRow = z.infer<typeof operatorRowSchema>;

const operatorUsername = z
  .string()
  .trim()
  .regex(/^[A-Za-z][A-Za-z0-9_]{2,31}$/);
const operatorPassword = z.string().min(10).max(256);
/** Six digits from the authenticator app. */
export const totpCodeSchema = z
  .string()
  .trim()
  .regex(/^\d{6}$/);
/** A one-time recovery code (`k7mq2-x9tfa`; case, spaces and the dash are forgiven). */
export const recoveryCodeSchema = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{8,14}[A-Za-z0-9]$/);
/** The second factor: a code from the app, or one recovery code. */
const secondFactorSchema = z.union([
  z.object({ code: totpCodeSchema }),
  z.object({ recoveryCode: recoveryCodeSchema }),
]);
export type SecondFactor = z.infer<typeof secondFactorSchema>;

const idParams = pathId(MAX_SERIAL);
/** 32 random bytes in base64url, from the password step. */
const loginChallenge = z.string().regex(/^[A-Za-z0-9_-]{43}$/);

/** Issue 16 item 1: operator management (permission `operators`). */
export const operatorAdminEndpoints = {
  list: defineEndpoint({
    name: 'admin.operators.list',
    method: 'GET',
    path: '/admin/operators',
    auth: 'operator',
    summary:
      'Operators of this merchant, oldest first or (order=desc) newest first; page with afterId (the last id of the previous page)',
    tags,
    query: z.object({
      username: z.string().trim().max(32).optional(),
      limit: z.coerce.number().int().min(1).max(200).default(50),
      afterId: z.coerce.number().int().min(0).max(MAX_SERIAL).optional(),
      /** By creation: an operator's id is its order of creation. */
      order: z.enum(['asc', 'desc']).default('asc'),
    }),
    response: z.array(operatorRowSchema),
  }),
  create: defineEndpoint({
    name: 'admin.operators.create',
    method: 'POST',
    path: '/admin/operators',
    auth: 'operator',
    summary: 'Create an operator; never with a role that may do more than the caller',
    tags,
    body: z.object({ username: operatorUsername, password: operatorPassword, role: z.enum(OPERATOR_ROLES) }),
    response: operatorRowSchema,
  }),
  update: defineEndpoint({
    name: 'admin.operators.update',
    method: 'PATCH',
    path: '/admin/operators/:id',
    auth: 'operator',
    summary:
      "Change another operator's role or disable / enable them (a disabled operator's sessions end); never oneself, never above the caller",
    tags,
    params: idParams,
    body: z
      .object({ role: z.enum(OPERATOR_ROLES).optional(), active: z.boolean().optional() })
      .refine((body) => body.role !== undefined || body.active !== undefined),
    response: operatorRowSchema,
  }),
  passwordReset: defineEndpoint({
    name: 'admin.operators.passwordReset',
    method: 'POST',
    path: '/admin/operators/:id/password',
    auth: 'operator',
    summary: "Set another operator's password; their sessions end",
    tags,
    params: idParams,
    body: z.object({ password: operatorPassword }),
    response: operatorRowSchema,
  }),
  merchants: defineEndpoint({
    name: 'admin.operators.merchants',
    method: 'GET',
    path: '/admin/operators/:id/merchants',
    auth: 'operator',
    summary: 'The merchants an operator works on: their home merchant and those granted (issue 16 item 2)',
    tags,
    params: idParams,
    response: z.array(operatorMerchantSchema),
  }),
  grantMerchant: defineEndpoint({
    name: 'admin.operators.grantMerchant',
    method: 'PUT',
    path: '/admin/operators/:id/merchants/:code',
    auth: 'operator',
    summary:
      'Let an operator work on a further merchant with their role; only a merchant the caller works on, never oneself; audited',
    tags,
    params: idParams.extend({ code: merchantCode }),
    response: z.array(operatorMerchantSchema),
  }),
  revokeMerchant: defineEndpoint({
    name: 'admin.operators.revokeMerchant',
    method: 'DELETE',
    path: '/admin/operators/:id/merchants/:code',
    auth: 'operator',
    summary:
      'Take a granted merchant away from an operator (their sessions on it return to their home merchant); never the home merchant; audited',
    tags,
    params: idParams.extend({ code: merchantCode }),
    response: z.array(operatorMerchantSchema),
  }),
  totpReset: defineEndpoint({
    name: 'admin.operators.totpReset',
    method: 'DELETE',
    path: '/admin/operators/:id/totp',
    auth: 'operator',
    summary: "Remove another operator's two-factor (a lost phone); they enrol again after signing in",
    tags,
    params: idParams,
    response: operatorRowSchema,
  }),
};

const totpTags = ['admin', 'two-factor'] as const;
const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });

/** Issue 16 item 1: the signed-in operator's own two-factor (TOTP, RFC 6238). */
export const totpAdminEndpoints = {
  login: defineEndpoint({
    name: 'admin.session.totp',
    method: 'POST',
    path: '/admin/session/totp',
    auth: 'none',
    summary: 'Second step of an operator log-in: the challenge from the password step and a code (or a recovery code)',
    tags: totpTags,
    body: z.union([
      z.object({ challenge: loginChallenge, code: totpCodeSchema }),
      z.object({ challenge: loginChallenge, recoveryCode: recoveryCodeSchema }),
    ]),
    response: z.object({ token: z.string(), operator: operatorSchema }),
  }),
  status: defineEndpoint({
    name: 'admin.totp.status',
    method: 'GET',
    path: '/admin/totp',
    auth: 'operator',
    summary: "The caller's two-factor: enabled, and how many recovery codes are left",
    tags: totpTags,
    response: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  }),
  enrol: defineEndpoint({
    name: 'admin.totp.enrol',
    method: 'POST',
    path: '/admin/totp/enrol',
    auth: 'operator',
    summary: 'Start enrolment: a new secret and its otpauth:// URI (in force after the first code is confirmed)',
    tags: totpTags,
    response: z.object({ secret: z.string(), otpauthUri: z.string() }),
  }),
  confirm: defineEndpoint({
    name: 'admin.totp.confirm',
    method: 'POST',
    path: '/admin/totp/confirm',
    auth: 'operator',
    summary: 'Finish enrolment with a first code; answers the ten recovery codes, shown this once',
    tags: totpTags,
    body: z.object({ code: totpCodeSchema }),
    response: recoveryCodesSchema,
  }),
  disable: defineEndpoint({
    name: 'admin.totp.disable',
    method: 'POST',
    path: '/admin/totp/disable',
    auth: 'operator',
    summary: "Turn the caller's two-factor off, with a code or a recovery code",
    tags: totpTags,
    body: secondFactorSchema,
    response: z.object({ enabled: z.boolean(), recoveryCodesLeft: z.number().int() }),
  }),
  recoveryCodes: defineEndpoint({
    name: 'admin.totp.recoveryCodes',
    method: 'POST',
    path: '/admin/totp/recovery-codes',
    auth: 'operator',
    summary: 'Ten new recovery codes (the old ones stop working), with a code from the app',
    tags: totpTags,
    body: z.object({ code: totpCodeSchema }),
    response: recoveryCodesSchema,
  }),
};
