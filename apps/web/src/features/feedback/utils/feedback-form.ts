import { countCharacters, FEEDBACK } from '@khela/contracts';

/** The parts of an ApiError the form reads (structural, so the rules test without a client). */
export interface ApiErrorLike {
  code: string;
  message: string;
  status?: number;
  value?: unknown;
}

export type FeedbackField = 'type' | 'content' | 'sender' | 'captcha';
/** Order of the fields in the form, and in the warning that names the missing ones (§8). */
export const FEEDBACK_FIELDS: readonly FeedbackField[] = ['type', 'content', 'sender', 'captcha'];

/** §9 question types in the order they are offered: 1 deposit … 6 apply agent, 0 others last. */
export const FEEDBACK_TYPE_OPTIONS = [1, 2, 3, 4, 6, 0] as const satisfies readonly (typeof FEEDBACK.types)[number][];

export interface FeedbackValues {
  type: string;
  content: string;
  sender: string;
  captcha: string;
}

export interface FeedbackCheck {
  /** Required fields left empty, in form order. */
  missing: FeedbackField[];
  /** The description is there but not 20 to 200 characters once trimmed. */
  contentLength: boolean;
}

const graphemes =
  typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/**
 * §5 input limit: the text cut to `max` characters, counted as the server counts them
 * (`countCharacters` of the contracts: grapheme clusters, so a Bengali conjunct is one).
 */
export function limitCharacters(text: string, max: number = FEEDBACK.maxLength): string {
  if (countCharacters(text) <= max) return text;
  const parts = graphemes ? [...graphemes.segment(text)].map((s) => s.segment) : [...text];
  return parts.slice(0, max).join('');
}

/** §5 feedback rules: question type, description, sender and (when the site uses one) captcha. */
export function checkFeedback(values: FeedbackValues, captchaRequired: boolean): FeedbackCheck {
  const missing: FeedbackField[] = [];
  if (values.type === '') missing.push('type');
  const content = values.content.trim();
  if (content === '') missing.push('content');
  if (values.sender.trim() === '') missing.push('sender');
  if (captchaRequired && values.captcha.trim() === '') missing.push('captcha');
  const length = countCharacters(content);
  const contentLength = content !== '' && (length < FEEDBACK.minLength || length > FEEDBACK.maxLength);
  return { missing, contentLength };
}

/**
 * The server's refusal placed under the input it is about (§8: field errors under each input);
 * what belongs to no field is returned as `form`.
 */
export function serverErrors(error: ApiErrorLike): Partial<Record<FeedbackField | 'form', string>> {
  switch (error.code) {
    case 'feedback.content_length':
      return { content: error.message };
    case 'captcha.required':
    case 'captcha.invalid':
      return { captcha: error.message };
  }
  const fields = (error.value as { fields?: unknown } | null)?.fields;
  if (Array.isArray(fields) && fields.length > 0) {
    const found: Partial<Record<FeedbackField | 'form', string>> = {};
    for (const entry of fields as { field?: unknown; message?: unknown }[]) {
      const name = entry.field === 'captchaId' ? 'captcha' : entry.field;
      const key = FEEDBACK_FIELDS.includes(name as FeedbackField) ? (name as FeedbackField) : 'form';
      if (typeof entry.message === 'string') found[key] ??= entry.message;
    }
    return found;
  }
  return { form: error.message };
}
