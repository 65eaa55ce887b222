import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMinor } from '@khela/money';
import { rankWinners, type WinnerEntry } from '../utils/winners.ts';
import { RankBadge } from './rank-badge.tsx';
import './winners.css';

const DEFAULT_GAME_ICON = '/default-game-icon.svg';

function GameIcon({ src }: { src?: string | null }) {
  const [broken, setBroken] = useState(false);
  return (
    <img
      className="winners__icon"
      src={!src || broken ? DEFAULT_GAME_ICON : src}
      alt=""
      width={32}
      height={32}
      loading="lazy"
      decoding="async"
      // §8: a broken game image falls back to the default game icon.
      onError={() => setBroken(true)}
    />
  );
}

/**
 * §2 winners board: rank, game and amount, largest win first, 20 entries (§9), medals for the
 * top three. Clicking a row (or its game button) launches that game.
 */
export function WinnersBoard({
  entries,
  currency,
  onLaunch,
}: {
  entries: readonly WinnerEntry[];
  currency?: string;
  onLaunch: (entry: WinnerEntry) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const ranked = useMemo(() => rankWinners(entries), [entries]);

  return (
    <section className="winners" aria-labelledby={headingId}>
      <div className="winners__head">
        <h2 id={headingId} className="winners__title">
          {t('winners.title')}
        </h2>
        {currency ? <span className="winners__currency">{currency}</span> : null}
      </div>
      {ranked.length === 0 ? (
        <div className="winners__empty">
          <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M14 6h20v4h8v6a10 10 0 0 1-9.2 10A10 10 0 0 1 26 31.6V36h6v6H16v-6h6v-4.4A10 10 0 0 1 15.2 26 10 10 0 0 1 6 16v-6h8V6Zm0 8h-4v2a6 6 0 0 0 4 5.6V14Zm20 0v7.6a6 6 0 0 0 4-5.6v-2h-4Z"
            />
          </svg>
          <p className="winners__empty-title">{t('winners.emptyTitle')}</p>
          <p className="winners__empty-body">{t('winners.emptyBody')}</p>
        </div>
      ) : (
        <div className="winners__scroll" tabIndex={0} role="group" aria-labelledby={headingId}>
          <table className="winners__table">
            <thead>
              <tr>
                <th scope="col">{t('winners.rank')}</th>
                <th scope="col">{t('winners.game')}</th>
                <th scope="col" className="winners__amount-head">
                  {t('winners.amount')}
                </th>
              </tr>
            </thead>
            <tbody>
              {ranked.map((entry) => (
                <tr
                  key={entry.id ?? `${entry.rank}-${entry.gameCode}`}
                  className="winners__row"
                  data-rank={entry.rank}
                  onClick={() => onLaunch(entry)}
                >
                  <td className="winners__rank">
                    <RankBadge rank={entry.rank} />
                  </td>
                  <td>
                    <button type="button" className="winners__game" title={t('winners.play', { game: entry.gameName })}>
                      <GameIcon src={entry.icon} />
                      <span className="winners__game-text">
                        <span className="winners__game-name">{entry.gameName}</span>
                        <span className="winners__player">{entry.customerName}</span>
                      </span>
                    </button>
                  </td>
                  <td className="winners__amount">{formatMinor(entry.amountMinor)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
