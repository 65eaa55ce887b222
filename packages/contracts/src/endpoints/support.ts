import { z } from 'zod';
import { FEEDBACK } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';

export const captchaSchema = z.object({
  /** Opaque id to send back with the answer; single use, expires after CAPTCHA.ttlSeconds. */
  captchaId: z.string(),
  /** A data URL (image/svg+xml;base64) to show as an <img>. */
  image: z.string(),
});

/** A captcha answer as sent by every form that needs one. */
export const captchaAnswerSchema = {
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
};

export const feedbackBodySchema = z.object({
  // §5: 20 to 200 characters after trimming; the length check is a coded error, see the service.
  content: z.string().trim().max(2000),
  sender: z.string().trim().min(1).max(64),
  type: z.literal(FEEDBACK.types),
  ...captchaAnswerSchema,
});

export const supportEndpoints = {
  captcha: defineEndpoint({
    name: 'login.captcha',
    method: 'GET',
    path: '/wps/captcha',
    auth: 'none',
    summary: 'A new captcha image and its id',
    tags: ['support'],
    response: captchaSchema,
  }),
  feedback: defineEndpoint({
    name: 'common.feedback',
    method: 'PUT',
    path: '/wps/feedback',
    auth: 'optional-member',
    switch: 'FEEDBACK3',
    summary: 'Send feedback (§5: type, 20–200 characters, sender, captcha)',
    tags: ['support'],
    body: feedbackBodySchema,
    response: z.object({ id: z.number().int() }),
  }),
};
