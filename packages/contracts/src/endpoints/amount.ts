import { z } from 'zod';

/**
 * ARCHITECTURE §4: an amount on the wire is a decimal string with at most 2 places ("1250.00").
 * Shared by every call that moves money. Refused with a field error (request.invalid): signs,
 * exponents, more than 2 decimals (fractions of a minor unit), zero, and anything beyond 13
 * whole digits (far above any limit, and safely inside a BIGINT of minor units).
 */
export const AMOUNT_PATTERN = /^\d{1,13}(\.\d{1,2})?$/;

export const amountSchema = z
  .string()
  .trim()
  .max(16)
  .refine((value) => AMOUNT_PATTERN.test(value) && /[1-9]/.test(value));

/** An amount the server sends: always 2 places, may be negative for a debit ("-50.00"). */
export const moneyValueSchema = z.string().refine((value) => /^-?\d+\.\d{2}$/.test(value));
