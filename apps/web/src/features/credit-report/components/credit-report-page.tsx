import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { formatAmount } from '../../../lib/format.ts';
import { useCreditReport } from '../api/credit-report.ts';
import '../messages.ts';
import { PERIODS, windowOf, type Period } from './period.ts';
import './credit-report.css';

/**
 * Member centre `creditReport` (issue 14 item 8): deposits, withdrawals, bonuses and turnover for
 * a period chosen by shortcut, per day. The days are the merchant's: the shortcuts use the time
 * zone the report answered with (the site clock's, the merchant's too, until the first answer).
 */
export default function CreditReportPage() {
  const { t } = useTranslation();
  const [period, setPeriod] = useState<Period>('last7');
  const [timeZone, setTimeZone] = useState<string | undefined>(undefined);
  const report = useCreditReport(windowOf(period, timeZone));
  const data = report.data;
  if (data && data.timeZone !== timeZone) setTimeZone(data.timeZone);
  const kindName = (kind: string) => t(`creditReport.kinds.${kind}`, { defaultValue: kind.replace(/_/g, ' ') });
  const empty =
    data &&
    data.totals.depositCount === 0 &&
    data.totals.withdrawalCount === 0 &&
    data.totals.betCount === 0 &&
    data.totals.bonuses === '0.00' &&
    data.totals.validBet === '0.00';

  return (
    <div className="credit-report">
      <p>{t('creditReport.intro')}</p>
      <div className="credit-report__periods" role="group" aria-label={t('creditReport.period')}>
        {PERIODS.map((p) => (
          <button key={p} type="button" className="button" aria-pressed={p === period} onClick={() => setPeriod(p)}>
            {t(`creditReport.${p}`)}
          </button>
        ))}
      </div>
      <LoadState pending={report.isPending} error={report.error} onRetry={() => void report.refetch()}>
        {data ? (
          <>
            <p className="credit-report__range">
              {t('creditReport.range', { from: data.from, to: data.to, zone: data.timeZone })}
            </p>
            <dl className="credit-report__totals">
              <div>
                <dt>{t('creditReport.deposits')}</dt>
                <dd>
                  {formatAmount(data.totals.deposits)}
                  <small>{t('creditReport.count', { count: data.totals.depositCount })}</small>
                </dd>
              </div>
              <div>
                <dt>{t('creditReport.withdrawals')}</dt>
                <dd>
                  {formatAmount(data.totals.withdrawals)}
                  <small>{t('creditReport.count', { count: data.totals.withdrawalCount })}</small>
                </dd>
              </div>
              <div>
                <dt>{t('creditReport.bonuses')}</dt>
                <dd>{formatAmount(data.totals.bonuses)}</dd>
              </div>
              <div>
                <dt>{t('creditReport.validBet')}</dt>
                <dd>
                  {formatAmount(data.totals.validBet)}
                  <small>{t('creditReport.bets', { count: data.totals.betCount })}</small>
                </dd>
              </div>
            </dl>
            {empty ? (
              <EmptyState title={t('creditReport.emptyTitle')} body={t('creditReport.emptyBody')} />
            ) : (
              <>
                {data.bonusesByKind.length ? (
                  <section aria-labelledby="credit-report-kinds">
                    <h2 id="credit-report-kinds">{t('creditReport.byKind')}</h2>
                    <ul className="credit-report__kinds">
                      {data.bonusesByKind.map((row) => (
                        <li key={row.kind}>
                          <span>{kindName(row.kind)}</span>
                          <span>{formatAmount(row.amount)}</span>
                        </li>
                      ))}
                    </ul>
                  </section>
                ) : null}
                <section aria-labelledby="credit-report-days">
                  <h2 id="credit-report-days">{t('creditReport.byDay')}</h2>
                  <div className="credit-report__table-wrap">
                    <table className="credit-report__table">
                      <thead>
                        <tr>
                          <th scope="col">{t('creditReport.day')}</th>
                          <th scope="col">{t('creditReport.deposits')}</th>
                          <th scope="col">{t('creditReport.withdrawals')}</th>
                          <th scope="col">{t('creditReport.bonuses')}</th>
                          <th scope="col">{t('creditReport.validBet')}</th>
                        </tr>
                      </thead>
                      <tbody>
                        {data.days.map((day) => (
                          <tr key={day.day}>
                            <th scope="row">{day.day}</th>
                            <td>{formatAmount(day.deposits)}</td>
                            <td>{formatAmount(day.withdrawals)}</td>
                            <td>{formatAmount(day.bonuses)}</td>
                            <td>{formatAmount(day.validBet)}</td>
                          </tr>
                        ))}
                      </tbody>
                    </table>
                  </div>
                </section>
              </>
            )}
          </>
        ) : null}
      </LoadState>
    </div>
  );
}
