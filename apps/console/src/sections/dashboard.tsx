import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  dashboardAdminEndpoints,
  type Dashboard,
  type DashboardFigures,
  type MerchantsDashboard,
} from '@khela/contracts';
import { call } from '../api.ts';
import { productTypeName, useI18n } from '../i18n.tsx';
import { formatAmount, formatCount, formatDay, minorOf } from '../format.ts';
import { linePoints, pathOf } from '../chart.ts';
import { Failed, Loading } from '../components/states.tsx';
import type { MessageKey } from '../locales/en.ts';

const CHART_DAYS = 30;
const SERIES = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'newMembers', 'activeMembers'] as const;
type Series = (typeof SERIES)[number];
const MONEY = new Set<Series>(['deposits', 'withdrawals', 'bets', 'wins', 'ggr']);

function valueOf(figures: DashboardFigures, series: Series): number {
  const value = figures[series];
  return typeof value === 'number' ? value : Number(minorOf(value)) / 100;
}

export default function DashboardSection({
  merchants,
  onOpenCashier,
}: {
  /** How many merchants the operator works on: with several, their figures side by side come first. */
  merchants: number;
  onOpenCashier: () => void;
}) {
  const { t } = useI18n();
  const query = useQuery({
    queryKey: ['dashboard', CHART_DAYS],
    queryFn: () => call(dashboardAdminEndpoints.get, { query: { days: CHART_DAYS } }),
    refetchInterval: 30_000,
  });
  return (
    <section aria-labelledby="dashboard-title" className="section">
      <h1 id="dashboard-title">{t('dashboard.title')}</h1>
      {merchants > 1 && <MerchantsSideBySide />}
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && <DashboardView data={query.data} onOpenCashier={onOpenCashier} />}
    </section>
  );
}

function DashboardView({ data, onOpenCashier }: { data: Dashboard; onOpenCashier: () => void }) {
  const { t, language } = useI18n();
  const pending = data.pending;
  return (
    <>
      <p className="hint" data-testid="dashboard-merchant">
        {t('dashboard.merchant', { name: data.merchant.name, code: data.merchant.code })}
      </p>
      <FiguresBlock
        title={t('dashboard.today', { day: formatDay(data.today, language) })}
        figures={data.todayFigures}
        currency={data.currency}
        id="today"
      />
      <FiguresBlock title={t('dashboard.month')} figures={data.monthFigures} currency={data.currency} id="month" />
      <section aria-labelledby="pending-title" className="block">
        <h2 id="pending-title">{t('dashboard.pending')}</h2>
        <ul className="tiles">
          {(
            [
              ['dashboard.pendingDeposits', pending.deposits],
              ['dashboard.pendingWithdrawals', pending.withdrawals],
              ['dashboard.pendingAdjustments', pending.adjustments],
            ] as const
          ).map(([label, count]) => (
            <li key={label} className="tile">
              <span className="tile-label">{t(label)}</span>
              <button type="button" className="tile-value link" onClick={onOpenCashier} data-testid={label}>
                {formatCount(count, language)}
              </button>
            </li>
          ))}
        </ul>
      </section>
      <Chart days={data.days} currency={data.currency} />
      <ProductBars products={data.products} currency={data.currency} />
    </>
  );
}

function FiguresBlock({
  title,
  figures,
  currency,
  id,
}: {
  title: string;
  figures: DashboardFigures;
  currency: string;
  id: string;
}) {
  const { t, language } = useI18n();
  const money = (amount: string) => formatAmount(amount, language, currency);
  const tiles: [MessageKey, string, string?][] = [
    [
      'dashboard.deposits',
      money(figures.deposits),
      t('dashboard.count', { count: formatCount(figures.depositCount, language) }),
    ],
    [
      'dashboard.withdrawals',
      money(figures.withdrawals),
      t('dashboard.count', { count: formatCount(figures.withdrawalCount, language) }),
    ],
    [
      'dashboard.bets',
      money(figures.bets),
      t('dashboard.betCount', { count: formatCount(figures.betCount, language) }),
    ],
    ['dashboard.wins', money(figures.wins)],
    ['dashboard.ggr', money(figures.ggr)],
    ['dashboard.newMembers', formatCount(figures.newMembers, language)],
    ['dashboard.activeMembers', formatCount(figures.activeMembers, language)],
  ];
  return (
    <section aria-labelledby={`${id}-title`} className="block">
      <h2 id={`${id}-title`}>{title}</h2>
      <ul className="tiles">
        {tiles.map(([label, value, sub]) => (
          <li key={label} className="tile" data-testid={`${id}-${label}`}>
            <span className="tile-label">{t(label)}</span>
            <span className="tile-value">{value}</span>
            {sub && <span className="tile-sub">{sub}</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}

const WIDTH = 640;
const HEIGHT = 180;

function Chart({ days, currency }: { days: Dashboard['days']; currency: string }) {
  const { t, language } = useI18n();
  const [series, setSeries] = useState<Series>('ggr');
  const values = days.map((day) => valueOf(day, series));
  const { points, zeroY } = linePoints(values, WIDTH, HEIGHT);
  const label = (s: Series) => t(`dashboard.${s}` as MessageKey);
  const show = (day: Dashboard['days'][number]) =>
    MONEY.has(series)
      ? formatAmount(day[series] as string, language, currency)
      : formatCount(day[series] as number, language);
  const first = days[0]?.day ?? '';
  const last = days.at(-1)?.day ?? '';
  return (
    <section aria-labelledby="chart-title" className="block">
      <div className="block-head">
        <h2 id="chart-title">{t('dashboard.chart', { days: formatCount(days.length, language) })}</h2>
        <label className="inline">
          {t('dashboard.series')}
          <select value={series} onChange={(event) => setSeries(event.target.value as Series)}>
            {SERIES.map((s) => (
              <option key={s} value={s}>
                {label(s)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <svg
        className="chart"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        preserveAspectRatio="none"
        role="img"
        aria-label={t('dashboard.chartLabel', {
          series: label(series),
          from: formatDay(first, language),
          to: formatDay(last, language),
        })}
      >
        <line x1="0" x2={WIDTH} y1={zeroY} y2={zeroY} className="chart-axis" />
        <path d={pathOf(points)} className="chart-line" fill="none" vectorEffect="non-scaling-stroke" />
      </svg>
      <div className="chart-range" aria-hidden="true">
        <span>{formatDay(first, language)}</span>
        <span>{formatDay(last, language)}</span>
      </div>
      <details>
        <summary>{t('dashboard.tableCaption')}</summary>
        <div className="table-wrap">
          <table>
            <caption className="visually-hidden">{t('dashboard.tableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.day')}</th>
                <th scope="col">{label(series)}</th>
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day}>
                  <th scope="row">{formatDay(day.day, language)}</th>
                  <td className="num">{show(day)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </section>
  );
}

/** GGR per product type, today or this month: a table whose bars show each product's share of the largest. */
function ProductBars({ products, currency }: { products: Dashboard['products']; currency: string }) {
  const { t, language } = useI18n();
  const [span, setSpan] = useState<'today' | 'month'>('month');
  const largest = products.reduce((max, p) => {
    const ggr = minorOf(p[span].ggr);
    return (ggr < 0n ? -ggr : ggr) > max ? (ggr < 0n ? -ggr : ggr) : max;
  }, 0n);
  const share = (amount: string) => {
    const ggr = minorOf(amount);
    return largest === 0n ? 0 : Number(((ggr < 0n ? -ggr : ggr) * 100n) / largest);
  };
  return (
    <section aria-labelledby="products-title" className="block">
      <div className="block-head">
        <h2 id="products-title">{t('dashboard.products')}</h2>
        <label className="inline">
          {t('dashboard.productsSpan')}
          <select value={span} onChange={(event) => setSpan(event.target.value === 'today' ? 'today' : 'month')}>
            <option value="month">{t('dashboard.month')}</option>
            <option value="today">{t('dashboard.todayShort')}</option>
          </select>
        </label>
      </div>
      {products.length === 0 ? (
        <p className="empty">{t('dashboard.noProducts')}</p>
      ) : (
        <div className="table-wrap">
          <table className="product-bars">
            <caption className="visually-hidden">{t('dashboard.products')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('dashboard.product')}</th>
                <th scope="col">{t('dashboard.bets')}</th>
                <th scope="col">{t('dashboard.ggr')}</th>
                <th scope="col" className="wide">
                  <span className="visually-hidden">{t('dashboard.share')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {products.map((product) => (
                <tr key={product.productType} data-testid={`product-${product.productType}`}>
                  <th scope="row">{productTypeName(t, product.productType)}</th>
                  <td className="num">{formatAmount(product[span].bets, language, currency)}</td>
                  <td className="num">{formatAmount(product[span].ggr, language, currency)}</td>
                  <td className="wide" aria-hidden="true">
                    <span
                      className={product[span].ggr.startsWith('-') ? 'bar negative' : 'bar'}
                      style={{ width: `${share(product[span].ggr)}%` }}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** The columns of the side-by-side table: a figure of a span, money or a count. */
const MERCHANT_COLUMNS = ['deposits', 'withdrawals', 'bets', 'wins', 'ggr', 'newMembers', 'activeMembers'] as const;

/**
 * Issue 16 item 2: every merchant the operator works on, side by side (today or this month, and the
 * approvals waiting), with the totals per currency under them.
 */
function MerchantsSideBySide() {
  const { t, language } = useI18n();
  const [span, setSpan] = useState<'todayFigures' | 'monthFigures'>('todayFigures');
  const query = useQuery({
    queryKey: ['dashboard', 'merchants'],
    queryFn: () => call(dashboardAdminEndpoints.merchants),
    refetchInterval: 30_000,
  });
  const cells = (
    figures: DashboardFigures,
    currency: string,
    pending: MerchantsDashboard['totals'][number]['pending'],
  ) => (
    <>
      {MERCHANT_COLUMNS.map((column) => {
        const value = figures[column];
        return (
          <td key={column} className="num">
            {typeof value === 'number' ? formatCount(value, language) : formatAmount(value, language, currency)}
          </td>
        );
      })}
      <td className="num">{formatCount(pending.deposits + pending.withdrawals + pending.adjustments, language)}</td>
    </>
  );
  return (
    <section aria-labelledby="merchants-title" className="block" data-testid="dashboard-merchants">
      <div className="block-head">
        <h2 id="merchants-title">{t('dashboard.merchants')}</h2>
        <label className="inline">
          {t('dashboard.productsSpan')}
          <select
            value={span}
            onChange={(event) => setSpan(event.target.value === 'monthFigures' ? 'monthFigures' : 'todayFigures')}
          >
            <option value="todayFigures">{t('dashboard.todayShort')}</option>
            <option value="monthFigures">{t('dashboard.month')}</option>
          </select>
        </label>
      </div>
      {query.isPending && <Loading />}
      {query.isError && <Failed message={query.error.message} onRetry={() => void query.refetch()} />}
      {query.data && (
        <div className="table-wrap" role="region" aria-label={t('dashboard.merchants')} tabIndex={0}>
          <table>
            <caption className="visually-hidden">{t('dashboard.merchants')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('app.merchant')}</th>
                {MERCHANT_COLUMNS.map((column) => (
                  <th key={column} scope="col" className="num">
                    {t(`dashboard.${column}`)}
                  </th>
                ))}
                <th scope="col" className="num">
                  {t('dashboard.pending')}
                </th>
              </tr>
            </thead>
            <tbody>
              {query.data.merchants.map((row) => (
                <tr key={row.merchant.code} data-testid={`merchant-${row.merchant.code}`}>
                  <th scope="row">{row.merchant.name}</th>
                  {cells(row[span], row.currency, row.pending)}
                </tr>
              ))}
            </tbody>
            <tfoot>
              {query.data.totals.map((total) => (
                <tr key={total.currency} data-testid={`merchants-total-${total.currency}`}>
                  <th scope="row">
                    {t('dashboard.merchantsTotal', {
                      count: formatCount(total.merchants, language),
                      currency: total.currency,
                    })}
                  </th>
                  {cells(total[span], total.currency, total.pending)}
                </tr>
              ))}
            </tfoot>
          </table>
        </div>
      )}
    </section>
  );
}
