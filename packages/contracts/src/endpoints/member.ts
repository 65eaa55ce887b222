import { z } from 'zod';
import { defineEndpoint } from '../endpoint.ts';
import { memberSessionSchema } from './session.ts';
import { captchaAnswerSchema, hasControlCharacters } from './support.ts';

const tags = ['member'] as const;

/**
 * A single-line text field of a form: trimmed, no control characters. The per-field rules of the
 * merchant (§5 patterns, min and max) are checked by the server with bn/en messages; this bound
 * only keeps absurd input out.
 */
const text = (max = 128) =>
  z
    .string()
    .trim()
    .max(max)
    .refine((value) => !hasControlCharacters(value));
/** Secrets are never trimmed: a space may be part of them. */
const secret = () =>
  z
    .string()
    .max(128)
    .refine((value) => !hasControlCharacters(value));

/**
 * §3 registration user. Every field is optional here: which ones are required, and their
 * patterns and lengths, come from the merchant's registration rules. Unknown fields are dropped.
 */
export const registerBodySchema = z.object({
  username: text(64).optional(),
  password: secret().optional(),
  confirmPassword: secret().optional(),
  payeeName: text().optional(),
  email: text(254).optional(),
  qqNum: text().optional(),
  mobileNum: text(32).optional(),
  countryDialingCode: text(8).optional(),
  recommenderId: text().optional(),
  ...captchaAnswerSchema,
  verificationCode: text(32).optional(),
  affiliateCode: text(64).optional(),
  paymentPassword: secret().optional(),
  line: text().optional(),
  whatsapp: text().optional(),
  facebook: text().optional(),
  wechat: text().optional(),
  idNumber: text().optional(),
  referralCode: text(64).optional(),
  domain: text(255).optional(),
  registerUrl: text(2048).optional(),
  registerMethod: text(16).optional(),
  login: z.boolean().optional(),
});
export type RegisterBody = z.input<typeof registerBodySchema>;

export const LOGIN_TYPES = ['username', 'sms', ''] as const;

/**
 * §3 log-in payload. `type` 'username' (or '' after a phone password reset, §7): username and
 * password; 'sms': the mobile number in `username` and the SMS code in `password`. `agent` is
 * sent by the agent log-in form (/agent), which admits agents only (§6). `remember` asks for the
 * §4 remember-me cookies (the username and a revocable remember token; never the password).
 */
export const loginBodySchema = z.object({
  username: text(64),
  password: secret(),
  type: z.enum(LOGIN_TYPES).optional(),
  countryDialingCode: text(8).optional(),
  ...captchaAnswerSchema,
  agent: z.boolean().optional(),
  remember: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBodySchema>;

/** §8 SMS send answers: the countdown is expiredMinutes × 60 s (§4). */
export const smsSentSchema = z.object({ expiredMinutes: z.number().int().min(1) });

/** A 6-digit SMS or e-mail code as typed (§5: maxLength 255 on the form; codes are digits). */
const code = () => text(255);

/**
 * The value of `auth.verification_required` when LOGINIPVERF3 asks an unrecognised IP to prove
 * the account (§2): a one-time challenge and the factors this account can use.
 */
export const LOGIN_VERIFICATION_METHODS = ['sms', 'email', 'payeeName'] as const;
export type LoginVerificationMethod = (typeof LOGIN_VERIFICATION_METHODS)[number];
export const loginChallengeSchema = z.object({
  challenge: z.string(),
  methods: z.array(z.enum(LOGIN_VERIFICATION_METHODS)),
  /** Masked destinations, so the member knows where the code goes. */
  mobile: z.string().nullable(),
  email: z.string().nullable(),
});
export type LoginChallenge = z.infer<typeof loginChallengeSchema>;

/** Player protection (issue 4 item 10): self-exclusion terms and cooling-off periods. */
export const SELF_EXCLUSION_TERMS = ['6m', '1y', '5y'] as const;
export const COOLING_OFF_PERIODS = ['1d', '3d', '1w', '2w', '1m', '3m'] as const;
export type SelfExclusionTerm = (typeof SELF_EXCLUSION_TERMS)[number];
export type CoolingOffPeriod = (typeof COOLING_OFF_PERIODS)[number];
export const protectionSchema = z.object({
  selfExcludedUntil: z.iso.datetime({ offset: true }).nullable(),
  coolingOffUntil: z.iso.datetime({ offset: true }).nullable(),
});
export type Protection = z.infer<typeof protectionSchema>;

const newPasswordFields = {
  newPassword: secret(),
  confirmNewPassword: secret().optional(),
};

/** The account forms: registration, log-in, passwords, verification, protection. */
export const memberEndpoints = {
  register: defineEndpoint({
    name: 'login.register',
    method: 'PUT',
    path: '/wps/member/register',
    auth: 'none',
    encrypted: true,
    switch: 'USERNAMEREG3',
    summary: 'Register by username (§3 user, validated by the registration rules); logs in',
    tags,
    body: registerBodySchema,
    response: memberSessionSchema,
  }),
  registerMobile: defineEndpoint({
    name: 'login.registerMobile',
    method: 'PUT',
    path: '/wps/member/register/mobile',
    auth: 'none',
    encrypted: true,
    switch: 'MOBILENUMREG3',
    summary: 'Register by mobile number (the username is the number); logs in',
    tags,
    body: registerBodySchema,
    response: memberSessionSchema,
  }),
  affiliate: defineEndpoint({
    name: 'login.affiliate',
    method: 'GET',
    path: '/wps/agent/affiliate',
    auth: 'none',
    switch: 'AFFMAN3',
    summary: "Whether an affiliate code (or the domain's) belongs to an active agent of this merchant",
    tags,
    query: z.object({ code: text(64).optional(), domain: text(255).optional() }),
    response: z.object({ valid: z.boolean() }),
  }),
  login: defineEndpoint({
    name: 'login.login',
    method: 'POST',
    path: '/wps/session/login',
    auth: 'none',
    encrypted: true,
    switch: 'COMM3',
    summary: 'Log in (§3); after 3 failures the error value carries { captcha: true } (§4)',
    tags,
    body: loginBodySchema,
    response: memberSessionSchema,
  }),
  freePlay: defineEndpoint({
    name: 'login.freePlay',
    method: 'POST',
    path: '/wps/session/login/freeplay',
    auth: 'none',
    switch: 'FREEPLAY3',
    summary: 'Create a trial account (type 4) and log it in',
    tags,
    body: z.object({ os: text(32).optional(), platform: text(8).optional() }).optional(),
    response: memberSessionSchema,
  }),
  smsLoginCode: defineEndpoint({
    name: 'login.loginCode',
    method: 'POST',
    path: '/wps/verification/sms/noLogin',
    auth: 'none',
    switch: 'VERIFICATION3',
    summary: 'Send a 6-digit code to a registered mobile: SMS log-in (type sms) or password reset by phone',
    tags,
    body: z.object({ mobileNum: text(32), countryDialingCode: text(8).optional(), ...captchaAnswerSchema }),
    response: smsSentSchema,
  }),
  smsRegisterCode: defineEndpoint({
    name: 'common.mobileRegSMS',
    method: 'POST',
    path: '/wps/verification/sms/register',
    auth: 'none',
    switch: 'REG3',
    summary: 'Send a 6-digit code to a mobile that is about to register (REGMOBVERF3)',
    tags,
    body: z.object({ mobileNo: text(32), countryDialingCode: text(8).optional(), ...captchaAnswerSchema }),
    response: smsSentSchema,
  }),
  changePassword: defineEndpoint({
    name: 'login.changePwd',
    method: 'POST',
    path: '/wps/member/password',
    auth: 'member',
    encrypted: true,
    switch: 'COMM3',
    summary: "Change the member's password (§5: old password, new one by the rules, confirmation)",
    tags,
    body: z.object({ oldPassword: secret(), ...newPasswordFields }),
    response: z.null(),
  }),
  forgotPasswordEmail: defineEndpoint({
    name: 'login.forgetPwd',
    method: 'POST',
    path: '/wps/member/password/email',
    auth: 'none',
    bodyFormat: 'form',
    switch: 'COMM3',
    summary:
      'Mail a reset code when the username and e-mail match (the answer is the same either way, so accounts cannot be probed)',
    tags,
    body: z.object({ username: text(64), email: text(254) }),
    response: smsSentSchema,
  }),
  resetPasswordEmail: defineEndpoint({
    name: 'login.resetPwdByEmail',
    method: 'POST',
    path: '/wps/member/password/email/reset',
    auth: 'none',
    encrypted: true,
    switch: 'COMM3',
    summary: 'Set a new password with the code mailed by forgotPasswordEmail; logs in',
    tags,
    body: z.object({ username: text(64), verificationCode: code(), ...newPasswordFields }),
    response: memberSessionSchema,
  }),
  resetPasswordPhone: defineEndpoint({
    name: 'login.setPasswordByPhone',
    method: 'POST',
    path: '/wps/member/password/verification',
    aliases: ['/wps/member/password/sms'],
    auth: 'none',
    encrypted: true,
    switch: 'CHNGPASSVERIF3',
    summary: 'Set a new password with an SMS code from smsLoginCode; logs in (§4)',
    tags,
    body: z.object({
      mobileNum: text(32),
      countryDialingCode: text(8).optional(),
      verificationCode: code(),
      ...newPasswordFields,
    }),
    response: memberSessionSchema,
  }),
  loginVerificationCode: defineEndpoint({
    name: 'login.loginVerifyCode',
    method: 'POST',
    path: '/wps/session/login/verification/code',
    auth: 'none',
    switch: 'LOGINIPVERF3',
    summary: "Send the code of a log-in challenge to the account's mobile (sms) or e-mail (email)",
    tags,
    body: z.object({ challenge: text(128), method: z.enum(['sms', 'email']) }),
    response: smsSentSchema,
  }),
  loginVerify: defineEndpoint({
    name: 'login.loginVerify',
    method: 'POST',
    path: '/wps/session/login/verification',
    auth: 'none',
    encrypted: true,
    switch: 'LOGINIPVERF3',
    summary: 'Answer a log-in challenge (a code sent by sms or email, or the payee name); logs in',
    tags,
    body: z.object({ challenge: text(128), method: z.enum(LOGIN_VERIFICATION_METHODS), answer: text(128) }),
    response: memberSessionSchema,
  }),
  issueTicket: defineEndpoint({
    name: 'login.issueTicket',
    method: 'POST',
    path: '/wps/session/ticket',
    auth: 'member',
    switch: 'COMM3',
    summary: 'A one-time log-in ticket (60 s) to open the site elsewhere as this member (§4 login from the URL)',
    tags,
    response: z.object({ ticket: z.string(), expiresInSeconds: z.number().int() }),
  }),
  protection: defineEndpoint({
    name: 'member.protection',
    method: 'GET',
    path: '/wps/member/protection',
    auth: 'member',
    switch: 'COMM3',
    summary: 'Self-exclusion and cooling-off in force for the member',
    tags,
    response: protectionSchema,
  }),
  selfExclude: defineEndpoint({
    name: 'member.selfExclude',
    method: 'POST',
    path: '/wps/member/protection/self-exclusion',
    auth: 'member',
    encrypted: true,
    switch: 'COMM3',
    summary: 'Self-exclude for 6 months, 1 year or 5 years: every session ends now, no log-in or wager until then',
    tags,
    body: z.object({ term: z.enum(SELF_EXCLUSION_TERMS), password: secret() }),
    response: protectionSchema,
  }),
  coolOff: defineEndpoint({
    name: 'member.coolOff',
    method: 'POST',
    path: '/wps/member/protection/cooling-off',
    auth: 'member',
    encrypted: true,
    switch: 'COMM3',
    summary: 'Take a break of 1 day to 3 months: every session ends now, no log-in or wager until then',
    tags,
    body: z.object({ period: z.enum(COOLING_OFF_PERIODS), password: secret() }),
    response: protectionSchema,
  }),
};
