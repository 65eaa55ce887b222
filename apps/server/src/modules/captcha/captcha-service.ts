import { timingSafeEqual } from 'node:crypto';
import type { z } from 'zod';
import type { captchaSchema } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { switchIsOn } from '../../http/route.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';
import { randomCaptchaAnswer, renderCaptchaImage } from './captcha-image.ts';
import { createCaptcha, deleteExpiredCaptchas, hashCaptchaAnswer, takeCaptcha } from './captcha-repository.ts';

/** §9: the client refreshes at most once per second; this leaves room for several tabs. */
export const CAPTCHA_ISSUE_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 };
/** Share of issues that also sweep expired rows away. */
const CLEANUP_RATE = 0.01;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CaptchaDeps {
  db: Db;
  rateLimits: RateLimiter;
}

/** Captchas (§3 CAPTCHA3): issued per merchant, single use, checked by log-in, registration and feedback. */
export function captchaService({ db, rateLimits }: CaptchaDeps) {
  return {
    /** Whether the merchant's forms must carry a captcha (switch CAPTCHA3). */
    isRequired(merchantId: number): Promise<boolean> {
      return switchIsOn(db, merchantId, 'CAPTCHA3');
    },

    async issue(merchantId: number, ip: string): Promise<z.input<typeof captchaSchema>> {
      await rateLimits.consume(`captcha-issue:${ip}`, CAPTCHA_ISSUE_LIMIT);
      const answer = randomCaptchaAnswer();
      const captchaId = await createCaptcha(db, merchantId, answer);
      if (Math.random() < CLEANUP_RATE) await deleteExpiredCaptchas(db);
      return { captchaId, image: renderCaptchaImage(answer) };
    },

    /**
     * Throws captcha.required without an answer, captcha.invalid when the captcha is unknown,
     * expired, used, another merchant's or answered wrongly. Any attempt uses the captcha up,
     * a wrong one included, so an answer cannot be guessed twice.
     */
    async verify(merchantId: number, captchaId: string | undefined, answer: string | undefined): Promise<void> {
      if (!answer?.trim()) throw new AppError('captcha.required');
      if (!captchaId || !UUID.test(captchaId)) throw new AppError('captcha.invalid');
      const expected = await takeCaptcha(db, merchantId, captchaId);
      if (!expected) throw new AppError('captcha.invalid');
      const given = hashCaptchaAnswer(merchantId, captchaId, answer);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) throw new AppError('captcha.invalid');
    },
  };
}
export type CaptchaService = ReturnType<typeof captchaService>;
