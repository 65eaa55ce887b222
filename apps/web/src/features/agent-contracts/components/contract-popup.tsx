import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ContractAction, ContractView } from '@khela/contracts';
import { Modal } from '../../../components/ui/modal.tsx';
import { useDecideContract } from '../api/contracts.ts';
import { TermsView } from './terms-view.tsx';
import '../messages.ts';
import './agent-contracts.css';

/**
 * The contract popup (§2 modals "contract", §6): one pending offer at a time with its terms, and
 * Accept or Reject, each confirmed first. "Later" closes it for this session.
 */
export function ContractPopup({ offers, onLater }: { offers: ContractView[]; onLater: () => void }) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState<ContractAction | null>(null);
  const decide = useDecideContract();
  const offer = offers[0]!;
  const kind = t(`agentContracts.kinds.${offer.kind}`);
  const from = offer.offerer ?? t('agentContracts.terms.house');

  const run = (action: ContractAction) =>
    decide.mutate({ kind: offer.kind, contractId: offer.id, action }, { onSettled: () => setConfirming(null) });

  const footer = confirming ? (
    <>
      <button type="button" className="button" onClick={() => setConfirming(null)} disabled={decide.isPending}>
        {t('agentContracts.popup.back')}
      </button>
      <button
        type="button"
        className="button button--primary"
        onClick={() => run(confirming)}
        disabled={decide.isPending}
      >
        {t('agentContracts.popup.confirm')}
      </button>
    </>
  ) : (
    <>
      <button type="button" className="button" onClick={onLater}>
        {t('agentContracts.popup.later')}
      </button>
      <button type="button" className="button" onClick={() => setConfirming('reject')}>
        {t('agentContracts.popup.reject')}
      </button>
      <button type="button" className="button button--primary" onClick={() => setConfirming('accept')}>
        {t('agentContracts.popup.accept')}
      </button>
    </>
  );

  return (
    <Modal title={t('agentContracts.popup.title')} onClose={onLater} footer={footer} size="medium">
      <div className="contract-popup">
        <p>{t('agentContracts.popup.intro', { from, kind })}</p>
        {offers.length > 1 ? (
          <p className="contract-popup__meta">{t('agentContracts.popup.count', { index: 1, total: offers.length })}</p>
        ) : null}
        <TermsView contract={offer} />
        {confirming ? (
          <p className="contract-popup__confirm" role="alert">
            {t(confirming === 'accept' ? 'agentContracts.popup.confirmAccept' : 'agentContracts.popup.confirmReject')}
          </p>
        ) : null}
        {decide.error ? (
          <p className="contract-offer__error" role="alert">
            {decide.error.message}
          </p>
        ) : null}
      </div>
    </Modal>
  );
}
