import type { z } from 'zod';
import { countCharacters, FEEDBACK, type feedbackBodySchema } from '@khela/contracts';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { CaptchaService } from '../captcha/captcha-service.ts';
import type { RateLimiter, RateLimitRule } from '../rate-limit/rate-limiter.ts';

/** Accepted feedback per IP; refused attempts do not count (the captcha already costs them). */
export const FEEDBACK_LIMIT: RateLimitRule = { limit: 5, windowSeconds: 10 * 60 };

export type FeedbackInput = z.output<typeof feedbackBodySchema>;

export interface FeedbackDeps {
  db: Db;
  rateLimits: RateLimiter;
  captchas: CaptchaService;
}

export function feedbackService({ db, rateLimits, captchas }: FeedbackDeps) {
  return {
    /**
     * §5, §9: checks in the order that wastes least — the text first (a too-short text keeps its
     * captcha), then the throttle, then the captcha (used up by any attempt), then the row.
     * Content is kept as plain text; it is never rendered as HTML.
     */
    async submit(merchantId: number, input: FeedbackInput, ip: string): Promise<number> {
      const length = countCharacters(input.content);
      if (length < FEEDBACK.minLength || length > FEEDBACK.maxLength) {
        throw new AppError('feedback.content_length', { min: FEEDBACK.minLength, max: FEEDBACK.maxLength });
      }
      const throttleKey = `feedback:${ip}`;
      if ((await rateLimits.peek(throttleKey, FEEDBACK_LIMIT)) >= FEEDBACK_LIMIT.limit) {
        throw new AppError('request.rate_limited');
      }
      if (await captchas.isRequired(merchantId)) await captchas.verify(merchantId, input.captchaId, input.captcha);
      await rateLimits.consume(throttleKey, FEEDBACK_LIMIT);
      const row = await db
        .insertInto('feedback')
        .values({ merchant_id: merchantId, type: input.type, content: input.content, sender: input.sender, ip })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },
  };
}
