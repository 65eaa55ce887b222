import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { adminEndpoints, type ValueOf } from '@khela/contracts';
import { ApiError, call } from './api.ts';
import { useI18n } from './i18n.tsx';

type Operator = ValueOf<typeof adminEndpoints.me>;

/**
 * Issue 16 item 2: the merchant the session works on, for an operator over several. A switch is the
 * server's (the grants decide); every cached answer belongs to the old merchant, so all are dropped.
 */
export function MerchantSwitcher({
  operator,
  onSwitched,
}: {
  operator: Operator;
  onSwitched: (operator: Operator) => void;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (operator.merchants.length < 2) return null;
  const change = async (merchantCode: string) => {
    setPending(true);
    setError(null);
    try {
      const switched = await call(adminEndpoints.sessionMerchant, { body: { merchantCode } });
      queryClient.clear();
      onSwitched(switched);
    } catch (failure) {
      setError(failure instanceof ApiError ? failure.message : t('app.error'));
    } finally {
      setPending(false);
    }
  };
  return (
    <span className="merchant-switcher">
      <label className="inline">
        {t('app.merchant')}
        <select
          value={operator.merchantCode}
          disabled={pending}
          data-testid="merchant-switcher"
          onChange={(event) => void change(event.target.value)}
        >
          {operator.merchants.map((merchant) => (
            <option key={merchant.code} value={merchant.code}>
              {merchant.home ? t('app.merchantHome', { name: merchant.name }) : merchant.name}
            </option>
          ))}
        </select>
      </label>
      {error && (
        <span className="error" role="alert">
          {error}
        </span>
      )}
    </span>
  );
}
