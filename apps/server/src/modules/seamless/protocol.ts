import { SEAMLESS_STATUS_HTTP, type SeamlessStatus } from '@khela/contracts';

/** A refusal in the seamless protocol: answered as `{ status, request_uuid, … }` with its HTTP status. */
export class SeamlessError extends Error {
  constructor(
    readonly status: Exclude<SeamlessStatus, 'RS_OK'>,
    readonly extra: { balance?: string; currency?: string } = {},
  ) {
    super(status);
    this.name = 'SeamlessError';
  }

  get httpStatus(): number {
    return SEAMLESS_STATUS_HTTP[this.status];
  }
}
