import type { z } from 'zod';
import {
  errorMessage,
  matchesRule,
  patternById,
  type FieldError,
  type Language,
  type registerBodySchema,
  type RegistrationField,
  type RegistrationRule,
} from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import type { MemberProfile } from '../../db/schema.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { switchIsOn } from '../../http/route.ts';
import { hashPassword } from '../admin/passwords.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import type { EmailProvider, SmsProvider } from '../messaging/providers.ts';
import { toE164 } from '../messaging/providers.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import type { MemberLogin } from '../sessions/member-login.ts';
import type { SessionStart } from '../sessions/member-sessions.ts';
import { DIALING_COUNTRIES } from '../system/countries.ts';
import { verificationCodes } from '../verification/codes.ts';
import { toRegistrationRules } from '../system/registration-rules.ts';
import { patternMessage, REGISTRATION_MESSAGES } from './registration-messages.ts';
import type { MemberRepository, MemberRow } from './repository.ts';

export type RegisterInput = z.output<typeof registerBodySchema>;
export type RegistrationMode = 'username' | 'mobile';

/** Accepted registrations per IP; refused attempts do not count (the captcha already costs them). */
export const REGISTRATION_LIMIT: RateLimitRule = { limit: 20, windowSeconds: 60 * 60 };

const DEFAULT_DIALING_CODE = '880';

/** Rules the log-in name and password always follow, should a merchant have no row for them. */
const FALLBACK_RULES: Partial<Record<RegistrationField, RegistrationRule>> = {
  username: rule(2, 6, 16),
  password: rule(6, 8, 20),
  mobileNum: rule(7, 6, 15),
};

function rule(patternId: number, minLength: number, maxLength: number): RegistrationRule {
  return {
    enabled: true,
    required: true,
    patternId,
    acceptedPattern: patternById(patternId)?.pattern ?? '*',
    minLength,
    maxLength,
  };
}

/** Optional §3 fields, each shown (enabled) and required as the merchant's rule says. */
const PROFILE_FIELDS = ['qqNum', 'line', 'whatsapp', 'facebook', 'wechat', 'idNumber', 'recommenderId'] as const;
const OPTIONAL_FIELDS = ['payeeName', 'email', 'paymentPassword', 'affiliateCode', ...PROFILE_FIELDS] as const;

/** Postgres unique indexes → the field they guard. */
const UNIQUE_FIELDS: Record<string, 'username' | 'mobileNum'> = {
  members_username: 'username',
  members_mobile: 'mobileNum',
};

/**
 * Issue 13 registerCenter: a log-in name and password checked by the merchant's rules exactly as
 * registration checks them (with the same messages), and the name not yet taken; the field errors.
 */
export async function checkCredentials(
  db: Db,
  members: MemberRepository,
  merchantId: number,
  input: { username: string; password: string; confirmPassword?: string | undefined },
  language: Language,
): Promise<FieldError[]> {
  const rules = toRegistrationRules(
    await db
      .selectFrom('registration_rules')
      .select(['field', 'enabled', 'required', 'pattern_id', 'min_length', 'max_length'])
      .where('merchant_id', '=', merchantId)
      .execute(),
  );
  const errors: FieldError[] = [];
  for (const field of ['username', 'password'] as const) {
    const value = input[field];
    const fieldRule = rules[field] ?? FALLBACK_RULES[field];
    if (!value) errors.push({ field, message: REGISTRATION_MESSAGES.required[language] });
    else if (fieldRule && !matchesRule(value, fieldRule)) {
      errors.push({
        field,
        message: patternMessage(fieldRule.patternId, fieldRule.minLength, fieldRule.maxLength, language),
      });
    }
  }
  if (input.confirmPassword !== undefined && input.confirmPassword !== input.password) {
    errors.push({ field: 'confirmPassword', message: REGISTRATION_MESSAGES.confirmPassword[language] });
  }
  if (!errors.some((error) => error.field === 'username') && (await members.byUsername(merchantId, input.username))) {
    errors.push({ field: 'username', message: REGISTRATION_MESSAGES.usernameTaken[language] });
  }
  return errors;
}

/** Postgres unique-index violations of a member insert → the field they guard, if any. */
export function takenFieldOf(error: unknown): 'username' | 'mobileNum' | undefined {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '23505' && constraint ? UNIQUE_FIELDS[constraint] : undefined;
}

export interface RegistrationDeps {
  db: Db;
  rateLimits: RateLimiter;
  captchas: CaptchaService;
  members: MemberRepository;
  login: MemberLogin;
  sms: SmsProvider;
  email: EmailProvider;
}

interface Checked {
  username: string;
  mobile: string | null;
  dialingCode: string;
  uplineId: number | null;
  /** Values of the enabled optional fields, empty ones left out. */
  optional: Partial<Record<(typeof OPTIONAL_FIELDS)[number], string>>;
}

export function registrationService({ db, rateLimits, captchas, members, login, sms, email }: RegistrationDeps) {
  const codes = verificationCodes({ db, rateLimits, sms, email });

  /** The SMS code of the number (purpose 'register'), checked; its id, to use up with the member insert. */
  async function checkRegisterCode(
    merchant: MerchantContext,
    checked: Checked,
    code: string,
    at: { ip: string; language: Language },
  ) {
    try {
      return await codes.check(
        { merchantId: merchant.id, purpose: 'register', destination: toE164(checked.dialingCode, checked.mobile!) },
        code,
        at.ip,
      );
    } catch (error) {
      if (error instanceof AppError && (error.code === 'sms.invalid_code' || error.code === 'sms.code_expired')) {
        throw AppError.fields(
          [{ field: 'verificationCode', message: errorMessage(error.code, at.language) }],
          error.code,
        );
      }
      throw error;
    }
  }

  /**
   * Every §5 check of the form at once, so the client can show each error under its input:
   * the merchant's rules per field, confirm password, the dialing code, the affiliate code and
   * duplicates. Throws request.invalid (or member.already_registered) with the field errors.
   */
  async function check(
    merchant: MerchantContext,
    input: RegisterInput,
    mode: RegistrationMode,
    host: string,
    language: Language,
    smsVerification: boolean,
  ): Promise<Checked> {
    const rules = toRegistrationRules(
      await db
        .selectFrom('registration_rules')
        .select(['field', 'enabled', 'required', 'pattern_id', 'min_length', 'max_length'])
        .where('merchant_id', '=', merchant.id)
        .execute(),
    );
    const errors: FieldError[] = [];
    const fail = (field: string, message: string) => errors.push({ field, message });
    /** Checks one value by its rule; returns it when present and valid. */
    const byRule = (field: RegistrationField, value: string | undefined, mustHave: boolean): string | undefined => {
      const fieldRule = rules[field] ?? FALLBACK_RULES[field];
      if (!value) {
        if (mustHave || (fieldRule?.enabled && fieldRule.required))
          fail(field, REGISTRATION_MESSAGES.required[language]);
        return undefined;
      }
      if (fieldRule && !matchesRule(value, fieldRule)) {
        fail(field, patternMessage(fieldRule.patternId, fieldRule.minLength, fieldRule.maxLength, language));
        return undefined;
      }
      return value;
    };
    const enabled = (field: RegistrationField) => rules[field]?.enabled === true;

    // Mobile mode: the number is the log-in name (endpoints.md login.registerMobile).
    const mobile =
      mode === 'mobile' || enabled('mobileNum') ? byRule('mobileNum', input.mobileNum, mode === 'mobile') : undefined;
    const username = mode === 'mobile' ? mobile : byRule('username', input.username, true);
    const password = byRule('password', input.password, true);
    if (enabled('confirmPassword') && password !== undefined && input.confirmPassword !== input.password) {
      fail('confirmPassword', REGISTRATION_MESSAGES.confirmPassword[language]);
    }

    // §5: the verification code is required when SMS verification (REGMOBVERF3) is on.
    if (smsVerification && mobile && !input.verificationCode) {
      fail('verificationCode', REGISTRATION_MESSAGES.required[language]);
    }

    const optional: Checked['optional'] = {};
    for (const field of OPTIONAL_FIELDS) {
      if (!enabled(field)) continue;
      const value = byRule(field, input[field], false);
      if (value !== undefined) optional[field] = value;
    }

    const dialingCode = (input.countryDialingCode || DEFAULT_DIALING_CODE).replace(/^\+/, '');
    if (!DIALING_COUNTRIES.some((country) => country.dialingCode === dialingCode)) {
      fail('countryDialingCode', REGISTRATION_MESSAGES.invalidDialingCode[language]);
    }

    // The code typed (or passed in the link) must be an active agent's; a domain's code attaches
    // quietly when it is one (§3 affiliate; agent domains carry merchant_domains.affiliate_code).
    let uplineId: number | null = null;
    if (optional.affiliateCode) {
      const agent = await members.activeAgentByAffiliateCode(merchant.id, optional.affiliateCode);
      if (agent) uplineId = agent.id;
      else fail('affiliateCode', REGISTRATION_MESSAGES.invalidAffiliate[language]);
    } else {
      const domainCode = await members.affiliateCodeOfDomain(merchant.id, input.domain || host);
      const agent = domainCode ? await members.activeAgentByAffiliateCode(merchant.id, domainCode) : undefined;
      uplineId = agent?.id ?? null;
    }
    if (errors.length || !username || !password) throw AppError.fields(errors);

    const taken: FieldError[] = [];
    if (await members.byUsername(merchant.id, username)) {
      const field = mode === 'mobile' ? 'mobileNum' : 'username';
      taken.push({
        field,
        message: REGISTRATION_MESSAGES[mode === 'mobile' ? 'mobileTaken' : 'usernameTaken'][language],
      });
    } else if (mobile && (await members.byMobile(merchant.id, dialingCode, mobile))) {
      taken.push({ field: 'mobileNum', message: REGISTRATION_MESSAGES.mobileTaken[language] });
    }
    if (taken.length) throw AppError.fields(taken, 'member.already_registered');
    return { username, mobile: mobile ?? null, dialingCode, uplineId, optional };
  }

  return {
    /**
     * §3/§5 registration (issue 4 item 1) in the order that wastes least: the form, the
     * throttle, the captcha (used up by any attempt), then the member, its closure rows and its
     * first session. With SMS verification (REGMOBVERF3) on, a form that carries a number
     * carries that number's code too, used up in the transaction that creates the member.
     */
    async register(
      merchant: MerchantContext,
      input: RegisterInput,
      mode: RegistrationMode,
      at: SessionStart & { host: string; language: Language },
    ) {
      const smsVerification = await switchIsOn(db, merchant.id, 'REGMOBVERF3');
      const checked = await check(merchant, input, mode, at.host, at.language, smsVerification);

      const throttleKey = `register:${merchant.id}:${at.ip}`;
      if ((await rateLimits.peek(throttleKey, REGISTRATION_LIMIT)) >= REGISTRATION_LIMIT.limit) {
        throw new AppError('request.rate_limited');
      }
      const captchaRule = await db
        .selectFrom('registration_rules')
        .select('enabled')
        .where('merchant_id', '=', merchant.id)
        .where('field', '=', 'captcha')
        .executeTakeFirst();
      if (captchaRule?.enabled && (await captchas.isRequired(merchant.id))) {
        await captchas.verify(merchant.id, input.captchaId, input.captcha);
      }

      const codeId =
        smsVerification && checked.mobile
          ? await checkRegisterCode(merchant, checked, input.verificationCode!, at)
          : null;

      const { optional } = checked;
      const profile: MemberProfile = {};
      for (const field of PROFILE_FIELDS) if (optional[field]) profile[field] = optional[field];
      const [passwordHash, paymentPasswordHash] = await Promise.all([
        hashPassword(input.password!),
        optional.paymentPassword ? hashPassword(optional.paymentPassword) : null,
      ]);
      let member: MemberRow;
      try {
        member = await db.transaction().execute(async (trx) => {
          if (codeId !== null) await codes.consume(trx, codeId);
          return members.insertUnder(
            trx,
            {
              merchant_id: merchant.id,
              username: checked.username,
              password_hash: passwordHash,
              payment_password_hash: paymentPasswordHash,
              country_dialing_code: checked.mobile ? checked.dialingCode : null,
              mobile: checked.mobile,
              email: optional.email ?? null,
              payee_name: optional.payeeName ?? null,
              profile: JSON.stringify(profile),
              referral_code: input.referralCode || null,
              register_domain: (input.domain || at.host).slice(0, 255) || null,
              register_ip: at.ip || null,
            },
            checked.uplineId,
          );
        });
      } catch (error) {
        // Two registrations of one name at the same instant: the index decides.
        const constraint = (error as { code?: string; constraint?: string }).constraint;
        const field =
          (error as { code?: string }).code === '23505' && constraint ? UNIQUE_FIELDS[constraint] : undefined;
        if (!field) throw error;
        const message = REGISTRATION_MESSAGES[field === 'username' ? 'usernameTaken' : 'mobileTaken'][at.language];
        throw AppError.fields([{ field, message }], 'member.already_registered');
      }
      await rateLimits.hit(throttleKey, REGISTRATION_LIMIT);
      // §4: success logs the new member in.
      return login.logIn(merchant, member, at);
    },

    /** GET /wps/agent/affiliate: the code given, else the domain's, belongs to an active agent. */
    async affiliateIsValid(merchant: MerchantContext, code: string | undefined, domain: string | undefined) {
      const candidate = code || (domain ? await members.affiliateCodeOfDomain(merchant.id, domain) : null);
      if (!candidate) return false;
      return (await members.activeAgentByAffiliateCode(merchant.id, candidate)) !== undefined;
    },
  };
}
export type RegistrationService = ReturnType<typeof registrationService>;
