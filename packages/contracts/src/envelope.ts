import { z } from 'zod';

/** ARCHITECTURE §3: every response is this envelope; `code` and `message` accompany failures. */
export function envelope<T extends z.ZodType>(value: T) {
  return z.object({
    success: z.boolean(),
    value: value.nullable(),
    code: z.string().optional(),
    message: z.string().optional(),
  });
}

export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });
export type FieldError = z.infer<typeof fieldErrorSchema>;

export interface Envelope<T> {
  success: boolean;
  value: T | null;
  code?: string;
  message?: string;
}
