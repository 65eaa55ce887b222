import { useTranslation } from 'react-i18next';
import type { DrawTier } from '@khela/games';

/**
 * A draw's opened numbers: an e-lottery's five digits as balls, the tiers of a regional or 4D
 * draw as labelled rows (the special or first prize first).
 */
export function DrawNumbers({ tiers, compact }: { tiers: readonly DrawTier[]; compact?: boolean }) {
  const { t } = useTranslation();
  const main = tiers.length === 1 && tiers[0]!.tier === 'main' ? tiers[0]!.numbers[0] : undefined;
  if (main !== undefined) {
    return (
      <ol className="lottery-balls" aria-label={`${t('lottery.results.tiers.main')}: ${[...main].join(' ')}`}>
        {[...main].map((digit, i) => (
          <li key={i} className="lottery-ball" aria-hidden="true">
            {digit}
          </li>
        ))}
      </ol>
    );
  }
  const shown = compact ? tiers.slice(0, 3) : tiers;
  return (
    <dl className="lottery-tiers">
      {shown.map((tier) => (
        <div key={tier.tier} className="lottery-tiers__row" data-tier={tier.tier}>
          <dt>{t(`lottery.results.tiers.${tier.tier}`, { defaultValue: tier.tier })}</dt>
          <dd>
            {tier.numbers.map((number, i) => (
              <span key={i} className="lottery-tiers__number">
                {number}
              </span>
            ))}
          </dd>
        </div>
      ))}
    </dl>
  );
}
