import { useTranslation } from 'react-i18next';
import { parseMinor } from '@khela/money';
import { formatAmount } from '../../../lib/format.ts';

export interface TrendPoint {
  day: string;
  validBet: string;
  profitLoss: string;
}

const WIDTH = 640;
const HEIGHT = 220;
const PAD = { top: 12, right: 12, bottom: 28, left: 12 };

const minor = (text: string) => {
  try {
    return Number(parseMinor(text.replace('-', ''))) * (text.startsWith('-') ? -1 : 1);
  } catch {
    return 0;
  }
};

/**
 * A small dependency-free SVG chart: valid bets per day as bars, profit and loss as a line, with a
 * zero line. Scales to its container; the figures are also in the table below it.
 */
export function TrendChart({ points, label }: { points: TrendPoint[]; label: string }) {
  const { t } = useTranslation();
  const bets = points.map((p) => minor(p.validBet));
  const pls = points.map((p) => minor(p.profitLoss));
  const max = Math.max(1, ...bets, ...pls);
  const min = Math.min(0, ...pls);
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const plotW = WIDTH - PAD.left - PAD.right;
  const y = (v: number) => PAD.top + ((max - v) / (max - min)) * plotH;
  const step = plotW / Math.max(1, points.length);
  const x = (i: number) => PAD.left + step * i + step / 2;
  const barW = Math.max(2, Math.min(28, step * 0.6));
  const line = pls.map((v, i) => `${i === 0 ? 'M' : 'L'}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(' ');
  const labelEvery = Math.ceil(points.length / 7);
  return (
    <figure className="report-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={label} preserveAspectRatio="none">
        <title>{label}</title>
        <line className="report-chart__zero" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(0)} y2={y(0)} />
        {bets.map((v, i) => (
          <rect
            key={points[i]!.day}
            className="report-chart__bar"
            x={x(i) - barW / 2}
            y={Math.min(y(v), y(0))}
            width={barW}
            height={Math.abs(y(0) - y(v))}
          >
            <title>{`${points[i]!.day}: ${formatAmount(points[i]!.validBet)} / ${formatAmount(points[i]!.profitLoss)}`}</title>
          </rect>
        ))}
        {points.length > 0 ? <path className="report-chart__line" d={line} fill="none" /> : null}
        {points.map((p, i) =>
          i % labelEvery === 0 ? (
            <text key={p.day} className="report-chart__label" x={x(i)} y={HEIGHT - 8} textAnchor="middle">
              {p.day.slice(5)}
            </text>
          ) : null,
        )}
      </svg>
      <figcaption className="report-chart__legend">
        <span className="report-chart__key report-chart__key--bar" aria-hidden="true" />
        {t('agentReports.overview.validBet')}
        <span className="report-chart__key report-chart__key--line" aria-hidden="true" />
        {t('agentReports.overview.profitLoss')}
      </figcaption>
    </figure>
  );
}
