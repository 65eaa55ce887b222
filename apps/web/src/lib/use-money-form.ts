import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { serverFieldErrors } from './server-fields.ts';
import { useMoneySubmit, type SubmitResult } from './use-money-submit.ts';

export type MoneyFormErrors<F extends string> = Partial<Record<F | 'form', string>>;

/**
 * The steps every money form shares (§4): edit, check in the browser, confirm, submit once with
 * a requestId. `fields` are the inputs the form shows: a server refusal about one of them goes
 * back to the form under it, any other stays on the confirmation. `done` holds the last success
 * until the member edits again; a success also refreshes the `refresh` endpoints' queries.
 */
export function useMoneyForm<F extends string, T>(
  fields: readonly F[],
  send: (requestId: string) => Promise<T>,
  refresh: readonly { name: string }[],
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { submit, pending, reset } = useMoneySubmit(send);
  const [errors, setErrors] = useState<MoneyFormErrors<F>>({});
  const [step, setStep] = useState<'edit' | 'confirm'>('edit');
  const [done, setDone] = useState<T | null>(null);

  /** An input changed: the next confirmation is a new submission and the last success is old news. */
  const edit = (apply: () => void) => {
    apply();
    reset();
    setDone(null);
  };

  /** The browser's own checks found `found`; with nothing found, on to the confirmation. */
  const review = (found: MoneyFormErrors<F>) => {
    setErrors(found);
    if (Object.keys(found).length === 0) setStep('confirm');
  };

  /** Sends once (null while a submission is in flight); on success back to an empty form. */
  const confirm = async (): Promise<SubmitResult<T> | null> => {
    const result = await submit();
    if (!result) return null;
    if (result.ok) {
      setDone(result.value);
      setStep('edit');
      setErrors({});
      for (const endpoint of refresh) void queryClient.invalidateQueries({ queryKey: [endpoint.name] });
      return result;
    }
    const found = serverFieldErrors(result.error, fields, t('common.networkError'));
    setErrors(found);
    if (fields.some((field) => found[field])) setStep('edit');
    return result;
  };

  return {
    step,
    errors,
    done,
    pending,
    edit,
    review,
    confirm,
    /** What MoneyConfirm needs besides its content. */
    confirmStep: { pending, error: errors.form, onBack: () => setStep('edit') },
    /** Plain resets that are not an edit (uploads replaced, say): only the requestId goes. */
    reset,
  };
}
