import { useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConversionDirection, PointGoods } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { MoneyPasswordField } from '../../../components/ui/money-password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { formatAmount, formatDateTime } from '../../../lib/format.ts';
import {
  newRequestId,
  useConversionTypes,
  useConvert,
  usePointBalance,
  usePointConfig,
  usePointDetails,
  usePointGoods,
  useRedeemHistory,
} from '../api/points.ts';
import { RedeemModal } from './redeem-modal.tsx';
import '../messages.ts';
import '../../../components/ui/form.css';
import './points-mall.css';

const TABS = ['mall', 'history', 'details', 'convert', 'rates'] as const;
type Tab = (typeof TABS)[number];
const PAGE_SIZE = 20;

const when = (iso: string, language: string) => formatDateTime(iso, language, undefined, 'short');

function Pager({ pageNo, total, onPage }: { pageNo: number; total: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  if (pages <= 1) return null;
  return (
    <nav className="points-pager" aria-label={t('money.paging')}>
      <button type="button" className="button" disabled={pageNo <= 1} onClick={() => onPage(pageNo - 1)}>
        {t('money.back')}
      </button>
      <span>{t('money.pageOf', { page: pageNo, pages })}</span>
      <button type="button" className="button" disabled={pageNo >= pages} onClick={() => onPage(pageNo + 1)}>
        {t('money.next')}
      </button>
    </nav>
  );
}

function GoodsGrid({ balance }: { balance: number }) {
  const { t } = useTranslation();
  const goods = usePointGoods();
  const [chosen, setChosen] = useState<PointGoods | null>(null);
  return (
    <LoadState pending={goods.isPending} error={goods.error} onRetry={() => void goods.refetch()}>
      {goods.data && goods.data.list.length === 0 ? (
        <EmptyState title={t('points.goods.empty')} body={t('points.goods.emptyBody')} />
      ) : (
        <ul className="points-goods">
          {goods.data?.list.map((item) => {
            const soldOut = item.availableQuantity <= 0;
            return (
              <li key={item.id} className="points-goods__item">
                <img src={item.imageUrl} alt="" width={200} height={200} loading="lazy" />
                <h3>{item.name}</h3>
                <p className="points-goods__price">
                  {t('points.goods.pointsRequired', { points: item.pointsRequired })}
                </p>
                {item.amountRequired !== '0.00' ? (
                  <p className="points-goods__note">
                    {t('points.goods.amountRequired', { amount: formatAmount(item.amountRequired) })}
                  </p>
                ) : null}
                <p className="points-goods__note">
                  {soldOut
                    ? t('points.goods.soldOut')
                    : t('points.goods.available', { count: item.availableQuantity, quantity: item.quantity })}
                </p>
                <button
                  type="button"
                  className="button button--primary"
                  disabled={soldOut}
                  aria-label={`${t('points.goods.redeem')}: ${item.name}`}
                  onClick={() => setChosen(item)}
                >
                  {t('points.goods.redeem')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen ? <RedeemModal goods={chosen} balance={balance} onClose={() => setChosen(null)} /> : null}
    </LoadState>
  );
}

function History() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const history = useRedeemHistory(pageNo);
  return (
    <LoadState pending={history.isPending} error={history.error} onRetry={() => void history.refetch()}>
      {history.data && history.data.list.length === 0 ? (
        <p>{t('points.history.empty')}</p>
      ) : history.data ? (
        <>
          <div className="points-table-wrap">
            <table className="points-table">
              <thead>
                <tr>
                  <th scope="col">{t('points.history.reference')}</th>
                  <th scope="col">{t('points.history.applyTime')}</th>
                  <th scope="col">{t('points.history.type')}</th>
                  <th scope="col">{t('points.history.name')}</th>
                  <th scope="col">{t('points.history.quantity')}</th>
                  <th scope="col">{t('points.history.points')}</th>
                  <th scope="col">{t('points.history.status')}</th>
                </tr>
              </thead>
              <tbody>
                {history.data.list.map((row) => (
                  <tr key={row.referenceNumber}>
                    <td>{row.referenceNumber}</td>
                    <td>{when(row.applyTime, i18n.language)}</td>
                    <td>{t(`points.history.types.${row.type}`)}</td>
                    <td>{row.name}</td>
                    <td>{row.quantity}</td>
                    <td>{row.points}</td>
                    <td>
                      <span
                        className={`points-status points-status--${row.status.toLowerCase()}`}
                        title={row.remark ?? undefined}
                      >
                        {t(`points.history.statuses.${row.status}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager pageNo={pageNo} total={history.data.total} onPage={setPageNo} />
        </>
      ) : null}
    </LoadState>
  );
}

function Details() {
  const { t, i18n } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const details = usePointDetails(pageNo);
  return (
    <LoadState pending={details.isPending} error={details.error} onRetry={() => void details.refetch()}>
      {details.data && details.data.list.length === 0 ? (
        <p>{t('points.details.empty')}</p>
      ) : details.data ? (
        <>
          <div className="points-table-wrap">
            <table className="points-table">
              <thead>
                <tr>
                  <th scope="col">{t('points.details.time')}</th>
                  <th scope="col">{t('points.details.change')}</th>
                  <th scope="col">{t('points.details.balance')}</th>
                  <th scope="col">{t('points.details.remark')}</th>
                </tr>
              </thead>
              <tbody>
                {details.data.list.map((row) => (
                  <tr key={row.id}>
                    <td>{when(row.time, i18n.language)}</td>
                    <td className={row.change > 0 ? 'points-plus' : 'points-minus'}>
                      {row.change > 0 ? `+${row.change}` : row.change}
                    </td>
                    <td>{row.balance}</td>
                    <td>
                      {t(`points.details.kinds.${row.kind}`)}
                      {row.remark ? ` · ${t(`points.rates.types.${row.remark}`, { defaultValue: row.remark })}` : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager pageNo={pageNo} total={details.data.total} onPage={setPageNo} />
        </>
      ) : null}
    </LoadState>
  );
}

function Convert() {
  const { t } = useTranslation();
  const id = useId();
  const types = useConversionTypes();
  const convert = useConvert();
  const [direction, setDirection] = useState<ConversionDirection>('cashToPoints');
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [requestId, setRequestId] = useState(newRequestId);
  const list = types.data?.list ?? [];
  const enabled = list.filter((type) => type.enabled);
  const current = enabled.find((type) => type.direction === direction) ?? enabled[0];
  const toPoints = current?.direction === 'cashToPoints';
  const ratioPoints = current?.points ?? 0;
  const ratioCash = Math.round(Number(current?.amount ?? '0') * 100);
  const preview = (() => {
    if (!current || !value.trim()) return null;
    if (toPoints) {
      if (!/^\d{1,13}(\.\d{1,2})?$/.test(value.trim())) return null;
      const cash = Math.round(Number(value.trim()) * 100);
      return t('points.redeem.totalPoints', { points: Math.floor((cash * ratioPoints) / ratioCash) });
    }
    if (!/^\d{1,13}$/.test(value.trim())) return null;
    return formatAmount(BigInt(Math.floor((Number(value.trim()) * ratioCash) / ratioPoints)));
  })();

  const edit = (apply: () => void) => {
    apply();
    setProblem(null);
    convert.reset();
    setRequestId(newRequestId());
  };
  const submit = () => {
    if (!current) return;
    const text = value.trim();
    if (toPoints ? !/^\d{1,13}(\.\d{1,2})?$/.test(text) : !/^\d{1,13}$/.test(text)) {
      setProblem(toPoints ? t('points.convert.invalidAmount') : t('points.convert.invalidPoints'));
      return;
    }
    if (!password) {
      setProblem(t('points.redeem.errors.password'));
      return;
    }
    convert.mutate({
      direction: current.direction,
      ...(toPoints ? { amount: text } : { points: Number(text) }),
      paymentPassword: password,
      requestId,
    });
  };

  return (
    <LoadState pending={types.isPending} error={types.error} onRetry={() => void types.refetch()}>
      {!current ? (
        <p>{t('points.convert.off')}</p>
      ) : (
        <form
          className="form points-convert"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <fieldset className="points-convert__directions">
            <legend className="visually-hidden">{t('points.tabs.convert')}</legend>
            {enabled.map((type) => (
              <label key={type.direction} className="points-choice">
                <input
                  type="radio"
                  name={`${id}-direction`}
                  checked={current.direction === type.direction}
                  onChange={() => edit(() => setDirection(type.direction))}
                />
                {t(`points.convert.${type.direction}`)}
              </label>
            ))}
          </fieldset>
          <p>{t('points.convert.ratio', { points: current.points, amount: formatAmount(current.amount) })}</p>
          <TextField
            id={`${id}-value`}
            label={toPoints ? t('points.convert.amount') : t('points.convert.points')}
            inputMode={toPoints ? 'decimal' : 'numeric'}
            value={value}
            onChange={(next) => edit(() => setValue(next))}
            hint={preview ? t('points.convert.youGet', { value: preview }) : undefined}
            required
          />
          <MoneyPasswordField
            id={`${id}-password`}
            label={t('points.redeem.password')}
            value={password}
            onChange={(next) => edit(() => setPassword(next))}
            required
          />
          {problem || convert.error ? (
            <p className="points-error" role="alert">
              {problem ?? convert.error?.message}
            </p>
          ) : null}
          {convert.data ? (
            <p className="points-ok" role="status">
              {t('points.convert.done', { points: convert.data.points, cash: formatAmount(convert.data.cashBalance) })}
            </p>
          ) : null}
          <button type="submit" className="button button--primary" disabled={convert.isPending}>
            {convert.isPending ? t('points.redeem.sending') : t('points.convert.submit')}
          </button>
        </form>
      )}
    </LoadState>
  );
}

function Rates() {
  const { t } = useTranslation();
  const config = usePointConfig();
  return (
    <LoadState pending={config.isPending} error={config.error} onRetry={() => void config.refetch()}>
      {config.data && (!config.data.enabled || config.data.list.length === 0) ? (
        <p>{t('points.rates.off')}</p>
      ) : config.data ? (
        <>
          <p>{t('points.rates.intro')}</p>
          <div className="points-table-wrap">
            <table className="points-table">
              <thead>
                <tr>
                  <th scope="col">{t('points.rates.type')}</th>
                  <th scope="col">{t('points.rates.per')}</th>
                  <th scope="col">{t('points.rates.earn')}</th>
                </tr>
              </thead>
              <tbody>
                {config.data.list.map((rate) => (
                  <tr key={rate.pointType}>
                    <td>{t(`points.rates.types.${rate.pointType}`)}</td>
                    <td>{formatAmount(rate.amount)}</td>
                    <td>{rate.points}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
    </LoadState>
  );
}

/**
 * The points mall (issue 14 item 3, §2 /pointMall, PTSYS3; docs/adr/0018-points-mall.md): the
 * balance, the goods with a redeem dialog, the redeem history, the points details, conversions
 * between cash and points and the exchange-rate table, as tabs.
 */
export default function PointsMallPage() {
  const { t } = useTranslation();
  const id = useId();
  const balance = usePointBalance();
  const [tab, setTab] = useState<Tab>('mall');
  const onKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    const at = TABS.indexOf(tab);
    const next =
      event.key === 'ArrowRight'
        ? (at + 1) % TABS.length
        : event.key === 'ArrowLeft'
          ? (at + TABS.length - 1) % TABS.length
          : -1;
    if (next < 0) return;
    event.preventDefault();
    setTab(TABS[next]!);
    document.getElementById(`${id}-tab-${TABS[next]}`)?.focus();
  };
  return (
    <div className="points-page">
      <section className="points-card points-summary" aria-label={t('points.balance')}>
        <LoadState pending={balance.isPending} error={balance.error} onRetry={() => void balance.refetch()}>
          <dl>
            <div>
              <dt>{t('points.balance')}</dt>
              <dd className="points-summary__points">{balance.data?.points ?? 0}</dd>
            </div>
            <div>
              <dt>{t('points.cashBalance')}</dt>
              <dd>{balance.data ? formatAmount(balance.data.cashBalance) : ''}</dd>
            </div>
          </dl>
          <p>{t('points.intro')}</p>
        </LoadState>
      </section>
      <div className="points-tabs" role="tablist" aria-label={t('points.title')}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`${id}-tab-${name}`}
            type="button"
            role="tab"
            aria-selected={tab === name}
            aria-controls={`${id}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
            onKeyDown={onKey}
          >
            {t(`points.tabs.${name}`)}
          </button>
        ))}
      </div>
      <section className="points-card" id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${tab}`}>
        {tab === 'mall' ? (
          <GoodsGrid balance={balance.data?.points ?? 0} />
        ) : tab === 'history' ? (
          <History />
        ) : tab === 'details' ? (
          <Details />
        ) : tab === 'convert' ? (
          <Convert />
        ) : (
          <Rates />
        )}
      </section>
    </div>
  );
}
