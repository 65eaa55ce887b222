import { z } from 'zod';
import { FEEDBACK } from '../constants.ts';
import { defineEndpoint } from '../endpoint.ts';

export const CAPTCHA_IMAGE_PREFIX = 'data:image/svg+xml;base64,';

export const captchaSchema = z.object({
  /** Opaque id to send back with the answer; single use, expires after CAPTCHA.ttlSeconds. */
  captchaId: z.uuid(),
  /** A data URL (image/svg+xml;base64) to show as an <img>. */
  image: z.string().startsWith(CAPTCHA_IMAGE_PREFIX),
});

/** A captcha answer as sent by every form that needs one. */
export const captchaAnswerSchema = {
  captcha: z.string().trim().max(16).optional(),
  captchaId: z.string().max(64).optional(),
};

/**
 * Made on first use, not at import: the browser's first Intl.Segmenter loads ICU's break rules, the
 * largest part of evaluating the web app's first-load modules (issue 11 item 8), and only the
 * feedback form counts characters.
 */
let graphemes: Intl.Segmenter | null | undefined;

/**
 * Length as a reader counts it (§5 feedback 20 to 200 characters): grapheme clusters, so a Bengali
 * conjunct or an emoji is one character; code points where Intl.Segmenter is missing. Client and
 * server count with this one function.
 */
export function countCharacters(text: string): number {
  graphemes ??= typeof Intl.Segmenter === 'function' ? new Intl.Segmenter('bn', { granularity: 'grapheme' }) : null;
  if (!graphemes) return [...text].length;
  let count = 0;
  for (const _ of graphemes.segment(text)) count++;
  return count;
}

/** Control characters (PostgreSQL cannot even store U+0000); line breaks and tabs when `multiline`. */
export function hasControlCharacters(text: string, multiline = false): boolean {
  for (const character of text) {
    const code = character.codePointAt(0)!;
    const lineBreakOrTab = code === 0x09 || code === 0x0a || code === 0x0d;
    if ((code < 0x20 && !(multiline && lineBreakOrTab)) || code === 0x7f) return true;
  }
  return false;
}

export const feedbackBodySchema = z.object({
  // §5: 20 to 200 characters after trimming; the length check is a coded error, see the service.
  content: z
    .string()
    .trim()
    .max(2000)
    .refine((text) => !hasControlCharacters(text, true)),
  sender: z
    .string()
    .trim()
    .min(1)
    .max(64)
    .refine((text) => !hasControlCharacters(text)),
  type: z.literal(FEEDBACK.types),
  ...captchaAnswerSchema,
});

export const supportEndpoints = {
  captcha: defineEndpoint({
    name: 'login.captcha',
    method: 'GET',
    path: '/wps/captcha',
    auth: 'none',
    switch: 'CAPTCHA3',
    summary: 'A new captcha image and its id (§9: refreshed at most once per second)',
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
