import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

// B's contract terms form (features/agent-contracts): its own chunk, loaded when a slot shows it.
const OfferContractForm = lazy(() =>
  import('../../agent-contracts/components/offer-contract-form.tsx').then((module) => ({
    default: module.OfferContractForm,
  })),
);

/** Offer contract terms to a direct downline (registerCenter after opening it, and its details). */
export function OfferContractSlot({ username, onOffered }: { username: string; onOffered?: () => void }) {
  const { t } = useTranslation();
  return (
    <Suspense
      fallback={
        <p className="money-loading" role="status">
          {t('common.loading')}
        </p>
      }
    >
      <OfferContractForm username={username} {...(onOffered && { onOffered })} />
    </Suspense>
  );
}
