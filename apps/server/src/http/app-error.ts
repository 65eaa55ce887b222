import type { ErrorCode, FieldError } from '@khela/contracts';

/**
 * A failure the caller can act on: mapped by the error handler to the code's HTTP status and
 * its §8 message in the request's language. `value` travels in the envelope (field errors,
 * the captcha flag of §4, …).
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly value: Record<string, unknown> | null = null,
  ) {
    super(code);
    this.name = 'AppError';
  }

  static fields(fields: FieldError[], code: ErrorCode = 'request.invalid'): AppError {
    return new AppError(code, { fields });
  }
}
