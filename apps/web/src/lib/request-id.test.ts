import { describe, expect, it } from 'vitest';
import { isOutcomeUnknown, requestIdHolder } from './request-id.ts';

describe('requestIdHolder', () => {
  it('keeps one id for a submission and its retries, and a new one after it settles', () => {
    let n = 0;
    const holder = requestIdHolder(() => `req-${++n}-abcdef`);
    const first = holder.current();
    expect(holder.current()).toBe(first);
    holder.settle();
    expect(holder.current()).not.toBe(first);
  });

  it('uses crypto.randomUUID by default', () => {
    expect(requestIdHolder().current()).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('treats network failures and 5xx as unknown outcomes, 4xx as answers', () => {
    expect(isOutcomeUnknown({ code: 'client.network', status: 0 })).toBe(true);
    expect(isOutcomeUnknown({ code: 'server.unknown_error', status: 503 })).toBe(true);
    expect(isOutcomeUnknown({ code: 'wallet.insufficient_funds', status: 409 })).toBe(false);
    expect(isOutcomeUnknown(null)).toBe(false);
  });
});
