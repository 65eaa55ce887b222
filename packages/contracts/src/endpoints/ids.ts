import { z } from 'zod';

/** The ranges of the id columns: integer serial and bigserial (within JavaScript's safe integers). */
export const MAX_SERIAL = 2 ** 31 - 1;
export const MAX_BIGSERIAL = Number.MAX_SAFE_INTEGER;

/** Ids of rows arrive as path text: digits only, within the id column's range. */
export const pathId = (max: number) =>
  z.object({
    id: z
      .string()
      .trim()
      .refine((value) => /^\d{1,16}$/.test(value))
      .transform(Number)
      .pipe(z.number().int().min(1).max(max)),
  });
