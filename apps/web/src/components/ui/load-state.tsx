import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from './empty-state.tsx';

/** The loading and error states of a page section; renders `children` once there is data. */
export function LoadState({
  pending,
  error,
  onRetry,
  children,
}: {
  pending: boolean;
  error: { message?: string } | null;
  onRetry: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  if (pending) {
    return (
      <p className="money-loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (error) {
    return (
      <EmptyState
        title={t('money.loadFailed')}
        body={error.message || t('common.networkError')}
        action={
          <button type="button" className="button" onClick={onRetry}>
            {t('common.retry')}
          </button>
        }
      />
    );
  }
  return <>{children}</>;
}
