import { describe, expect, it } from 'vitest';
import { serverFieldErrors } from './server-fields.ts';

describe('serverFieldErrors', () => {
  it('puts field errors under their inputs and unknown ones on the form', () => {
    const error = {
      code: 'request.invalid',
      message: 'Check the form',
      value: {
        fields: [
          { field: 'amount', message: 'Bad amount' },
          { field: 'x', message: 'Other' },
        ],
      },
    };
    expect(serverFieldErrors(error, ['amount', 'referenceNumber'], 'fallback')).toEqual({
      amount: 'Bad amount',
      form: 'Other',
    });
  });
  it('uses the message, or the fallback, for other refusals', () => {
    expect(serverFieldErrors({ code: 'wallet.insufficient_funds', message: 'Not enough' }, ['amount'], 'f')).toEqual({
      form: 'Not enough',
    });
    expect(serverFieldErrors({ code: 'client.network', message: '' }, ['amount'], 'f')).toEqual({ form: 'f' });
  });
});
