import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useClaimRebate, useRebateRecords, useRebateSetting, useRebateSummary } from '../api/rebates.ts';
import '../messages.ts';
import './rebate-page.css';

const PAGE_SIZE = 20;

/**
 * Member centre `manualRebate` (issue 14 item 5; docs/adr/0014-rebates.md): the rebate rates per
 * product type (MCSFE_getCustomerRebateSettingByProductType), what is ready to claim with a
 * confirmed claim where MANPLAYREB3 is on, and the rebates received.
 */
export default function RebatePage() {
  const { t } = useTranslation();
  const setting = useRebateSetting();
  const summary = useRebateSummary();
  const [pageNo, setPageNo] = useState(1);
  const records = useRebateRecords(pageNo);
  const claim = useClaimRebate();
  const [confirming, setConfirming] = useState(false);
  const product = (type: string) => t(`rebate.products.${type}`, { defaultValue: type });

  const data = setting.data;
  const claimable = summary.data?.claimable ?? '0.00';
  const canClaim = data?.manualRebate === true && claimable !== '0.00';
  const pages = records.data ? Math.max(1, Math.ceil(records.data.total / PAGE_SIZE)) : 1;

  return (
    <div className="rebate-page">
      <LoadState pending={setting.isPending} error={setting.error} onRetry={() => void setting.refetch()}>
        {data && !data.hasRebate ? (
          <EmptyState title={t('rebate.emptyTitle')} body={t('rebate.emptyBody')} />
        ) : data ? (
          <>
            <section className="rebate-card" aria-labelledby="rebate-rates">
              <h2 id="rebate-rates">{t('rebate.rates')}</h2>
              <p>{t('rebate.intro')}</p>
              <div className="rebate-table-wrap">
                <table className="rebate-table">
                  <thead>
                    <tr>
                      <th scope="col">{t('rebate.productType')}</th>
                      <th scope="col">{t('rebate.rate')}</th>
                      <th scope="col">{t('rebate.dailyCap')}</th>
                      <th scope="col">{t('rebate.mode')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.list.map((rate) => (
                      <tr key={rate.productType}>
                        <td>{product(rate.productType)}</td>
                        <td>{rate.rate}%</td>
                        <td>{rate.dailyCap ? formatAmount(rate.dailyCap) : t('rebate.noCap')}</td>
                        <td>{t(`rebate.modes.${rate.mode}`)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <p className="rebate-note">{t('rebate.turnoverNote')}</p>
            </section>

            <section className="rebate-card" aria-labelledby="rebate-claim">
              <h2 id="rebate-claim" className="visually-hidden">
                {t('rebate.claim')}
              </h2>
              <LoadState pending={summary.isPending} error={summary.error} onRetry={() => void summary.refetch()}>
                <dl className="rebate-facts">
                  <div>
                    <dt>{t('rebate.claimable')}</dt>
                    <dd>{formatAmount(claimable)}</dd>
                  </div>
                  <div>
                    <dt>{t('rebate.totalPaid')}</dt>
                    <dd>{formatAmount(summary.data?.totalPaid ?? '0.00')}</dd>
                  </div>
                </dl>
                {summary.data?.claimableByProduct.length ? (
                  <ul className="rebate-by-product">
                    {summary.data.claimableByProduct.map((row) => (
                      <li key={row.productType}>
                        {product(row.productType)}: {formatAmount(row.amount)}
                      </li>
                    ))}
                  </ul>
                ) : null}
                {!data.manualRebate ? (
                  <p>{t('rebate.manualOff')}</p>
                ) : confirming ? (
                  <div className="rebate-confirm" role="alertdialog" aria-labelledby="rebate-confirm-text">
                    <p id="rebate-confirm-text">{t('rebate.claimConfirm', { amount: formatAmount(claimable) })}</p>
                    <div className="rebate-actions">
                      <button
                        type="button"
                        className="button button--primary"
                        disabled={claim.isPending}
                        onClick={() => claim.mutate(undefined, { onSettled: () => setConfirming(false) })}
                      >
                        {claim.isPending ? t('money.sending') : t('rebate.confirm')}
                      </button>
                      <button type="button" className="button" onClick={() => setConfirming(false)}>
                        {t('rebate.cancel')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <div className="rebate-actions">
                    <button
                      type="button"
                      className="button button--primary"
                      disabled={!canClaim}
                      onClick={() => {
                        claim.reset();
                        setConfirming(true);
                      }}
                    >
                      {t('rebate.claim')}
                    </button>
                    {!canClaim ? <p>{t('rebate.nothingToClaim')}</p> : null}
                  </div>
                )}
                {claim.data ? (
                  <p className="rebate-ok" role="status">
                    {t('rebate.claimed', { amount: formatAmount(claim.data.amount) })}
                  </p>
                ) : null}
                {claim.error ? (
                  <p className="rebate-error" role="alert">
                    {claim.error.message}
                  </p>
                ) : null}
              </LoadState>
            </section>

            <section className="rebate-card" aria-labelledby="rebate-history">
              <h2 id="rebate-history">{t('rebate.history')}</h2>
              <LoadState pending={records.isPending} error={records.error} onRetry={() => void records.refetch()}>
                {records.data && records.data.list.length === 0 ? (
                  <p>{t('rebate.historyEmpty')}</p>
                ) : records.data ? (
                  <>
                    <div className="rebate-table-wrap">
                      <table className="rebate-table">
                        <thead>
                          <tr>
                            <th scope="col">{t('rebate.day')}</th>
                            <th scope="col">{t('rebate.productType')}</th>
                            <th scope="col">{t('rebate.validBet')}</th>
                            <th scope="col">{t('rebate.rate')}</th>
                            <th scope="col">{t('rebate.amount')}</th>
                          </tr>
                        </thead>
                        <tbody>
                          {records.data.list.map((row) => (
                            <tr key={row.id}>
                              <td>{row.day}</td>
                              <td>{product(row.productType)}</td>
                              <td>{formatAmount(row.validBet)}</td>
                              <td>{row.rate}%</td>
                              <td>{formatAmount(row.amount)}</td>
                            </tr>
                          ))}
                        </tbody>
                      </table>
                    </div>
                    {pages > 1 ? (
                      <nav className="rebate-actions" aria-label={t('money.paging')}>
                        <button
                          type="button"
                          className="button"
                          disabled={pageNo <= 1}
                          onClick={() => setPageNo(pageNo - 1)}
                        >
                          {t('money.back')}
                        </button>
                        <span>{t('money.pageOf', { page: pageNo, pages })}</span>
                        <button
                          type="button"
                          className="button"
                          disabled={pageNo >= pages}
                          onClick={() => setPageNo(pageNo + 1)}
                        >
                          {t('money.next')}
                        </button>
                      </nav>
                    ) : null}
                  </>
                ) : null}
              </LoadState>
            </section>
          </>
        ) : null}
      </LoadState>
    </div>
  );
}
