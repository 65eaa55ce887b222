import type { Language } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MerchantContext } from '../../http/context.ts';
import { switchIsOn } from '../../http/route.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import { REGISTRATION_MESSAGES } from '../members/registration-messages.ts';
import type { MemberRepository } from '../members/repository.ts';
import type { RateLimiter } from '../rate-limit/rate-limiter.ts';
import { SEND_CAPTCHA_AFTER, SEND_IP_LIMIT, type VerificationCodes } from './codes.ts';
import { parseMobile, type MobileNumber } from './mobile.ts';

export interface SmsCodeDeps {
  db: Db;
  rateLimits: RateLimiter;
  captchas: CaptchaService;
  members: MemberRepository;
  codes: VerificationCodes;
}

interface SendRequest {
  mobile: string | undefined;
  countryDialingCode?: string | undefined;
  captcha?: string | undefined;
  captchaId?: string | undefined;
}

/**
 * The SMS code calls of issue 4 item 3: a code for log-in or phone reset (the number must be a
 * member's) and a code for registration (the number must be free). Every send, to a known
 * number or not, counts against the throttles, so numbers cannot be probed at speed.
 */
export function smsCodeService({ db, rateLimits, captchas, members, codes }: SmsCodeDeps) {
  /**
   * The checks before any send: the number, the per-IP limit, the captcha (when CAPTCHA3 is on:
   * once the IP has sent a few codes, or whenever the form carries one) and the destination's
   * resend throttle. The send is counted before the number is looked up.
   */
  async function admit(merchant: MerchantContext, request: SendRequest, ip: string): Promise<MobileNumber> {
    const number = await parseMobile(db, merchant.id, request.mobile, request.countryDialingCode);
    const ipKey = `code-send-ip:${merchant.id}:${ip}`;
    const [sentFromIp, captchaOn] = await Promise.all([
      rateLimits.peek(ipKey, SEND_IP_LIMIT),
      captchas.isRequired(merchant.id),
    ]);
    if (sentFromIp >= SEND_IP_LIMIT.limit) throw new AppError('request.rate_limited');
    if (captchaOn && (sentFromIp >= SEND_CAPTCHA_AFTER || request.captcha || request.captchaId)) {
      try {
        await captchas.verify(merchant.id, request.captchaId, request.captcha);
      } catch (error) {
        // §4: the flag makes the form show (or refresh) its captcha.
        if (error instanceof AppError) throw new AppError(error.code, { captcha: true });
        throw error;
      }
    }
    await codes.throttleSend(merchant.id, number.e164);
    await rateLimits.hit(ipKey, SEND_IP_LIMIT);
    return number;
  }

  const send = (
    merchant: MerchantContext,
    purpose: 'sms-login' | 'register',
    number: MobileNumber,
    language: Language,
  ) =>
    codes.issue(
      { merchantId: merchant.id, purpose, channel: 'sms', destination: number.e164 },
      { siteName: merchant.name, language },
    );

  return {
    /** POST /wps/verification/sms/noLogin: for SMS log-in (type sms) and the phone password reset. */
    async sendLoginCode(
      merchant: MerchantContext,
      body: { mobileNum: string; countryDialingCode?: string | undefined; captcha?: string; captchaId?: string },
      ip: string,
      language: Language,
    ) {
      const number = await admit(merchant, { ...body, mobile: body.mobileNum }, ip);
      if (!(await members.byMobile(merchant.id, number.dialingCode, number.mobile))) {
        throw new AppError('sms.not_registered');
      }
      return send(merchant, 'sms-login', number, language);
    },

    /** POST /wps/verification/sms/register: the number is about to register (REGMOBVERF3). */
    async sendRegisterCode(
      merchant: MerchantContext,
      body: { mobileNo: string; countryDialingCode?: string | undefined; captcha?: string; captchaId?: string },
      ip: string,
      language: Language,
    ) {
      if (!(await switchIsOn(db, merchant.id, 'REGMOBVERF3'))) throw new AppError('system.feature_disabled');
      const number = await admit(merchant, { ...body, mobile: body.mobileNo }, ip);
      // Mobile registration makes the number the log-in name: either way it is taken.
      const taken =
        (await members.byMobile(merchant.id, number.dialingCode, number.mobile)) ??
        (await members.byUsername(merchant.id, number.mobile));
      if (taken) {
        throw AppError.fields(
          [{ field: 'mobileNo', message: REGISTRATION_MESSAGES.mobileTaken[language] }],
          'member.already_registered',
        );
      }
      return send(merchant, 'register', number, language);
    },
  };
}
export type SmsCodeService = ReturnType<typeof smsCodeService>;
