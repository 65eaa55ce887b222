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

  it('places refusals about one input under it, through aliases when the form names it otherwise', () => {
    const funds = { code: 'wallet.insufficient_funds', message: 'Not enough' };
    expect(serverFieldErrors(funds, ['amount'], 'f')).toEqual({ amount: 'Not enough' });
    const wrong = { code: 'cashier.payment_password_wrong', message: 'Wrong' };
    expect(serverFieldErrors(wrong, ['oldPassword', 'newPassword'], 'f', { paymentPassword: 'oldPassword' })).toEqual({
      oldPassword: 'Wrong',
    });
    // A form without that input shows it on the form.
    expect(serverFieldErrors(funds, ['username'], 'f')).toEqual({ form: 'Not enough' });
  });

  it('uses the message, or the fallback, for other refusals', () => {
    expect(
      serverFieldErrors({ code: 'cashier.withdraw_daily_limit', message: 'No more today' }, ['amount'], 'f'),
    ).toEqual({
      form: 'No more today',
    });
    expect(serverFieldErrors({ code: 'client.network', message: '' }, ['amount'], 'f')).toEqual({ form: 'f' });
  });
});
