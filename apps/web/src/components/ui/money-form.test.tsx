// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../lib/i18n.ts';
import { MoneyForm } from './money-form.tsx';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  cleanup();
  // jsdom has no scrollIntoView: the test lends one.
  delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
});

describe('MoneyForm', () => {
  it('brings its success into view when it comes back from the confirmation with one', () => {
    const scrolled = vi.fn();
    HTMLElement.prototype.scrollIntoView = function (this: HTMLElement) {
      scrolled(this.textContent);
    };
    const form = (success?: string) => (
      <MoneyForm id="deposit" title="Deposit" success={success} onReview={() => undefined}>
        <input aria-label="Amount" />
      </MoneyForm>
    );
    const { rerender } = render(form());
    expect(scrolled).not.toHaveBeenCalled();
    rerender(form('Your deposit of 2,000.00 BDT was received.'));
    expect(screen.getByRole('status').textContent).toBe('Your deposit of 2,000.00 BDT was received.');
    expect(scrolled).toHaveBeenCalledExactlyOnceWith('Your deposit of 2,000.00 BDT was received.');
  });
});
