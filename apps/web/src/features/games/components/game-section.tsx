import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useCarousel } from '../../../components/ui/carousel.ts';
import { ChevronLeft, ChevronRight } from '../../../components/ui/carousel-icons.tsx';
import { capHomeItems, showSectionArrows, type GameItem } from '../utils/sections.ts';
import { GameCard } from './game-card.tsx';
import './games.css';

/**
 * One home game section (§2): a title, a 'more' link on game sections, a slider of at most 12
 * games (§9) six per view with spacing 10, and prev/next arrows only when the section has more
 * than 12 games. Without games it shows a compact empty state, not an error.
 */
export function GameSection({
  title,
  icon,
  games,
  total = games.length,
  moreHref,
  emptyText,
  loading = false,
  onLaunch,
}: {
  title: string;
  icon?: ReactNode;
  games: readonly GameItem[];
  /** How many games the category has; arrows depend on it, only 12 are shown. */
  total?: number;
  moreHref?: string;
  emptyText: string;
  /** While the games load: placeholder cards in the section's shape (no layout shift). */
  loading?: boolean;
  onLaunch: (game: GameItem) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const viewportId = useId();
  const items = capHomeItems(games);
  const arrows = showSectionArrows(total);
  const {
    viewportRef,
    canPrev,
    canNext,
    scrollPrev: prev,
    scrollNext: next,
  } = useCarousel({ step: 'page', durationMs: 600 });
  const empty = items.length === 0 && !loading;

  return (
    <section className="game-section" data-empty={empty ? 'true' : undefined} aria-labelledby={headingId}>
      <div className="game-section__head">
        <h2 id={headingId} className="game-section__title">
          {icon ? (
            <span className="game-section__icon" aria-hidden="true">
              {icon}
            </span>
          ) : null}
          {title}
        </h2>
        <div className="game-section__tools">
          {arrows && !empty ? (
            <>
              <button
                type="button"
                className="game-section__arrow"
                onClick={prev}
                disabled={!canPrev}
                aria-controls={viewportId}
                aria-label={t('games.previous', { section: title })}
              >
                <ChevronLeft />
              </button>
              <button
                type="button"
                className="game-section__arrow"
                onClick={next}
                disabled={!canNext}
                aria-controls={viewportId}
                aria-label={t('games.next', { section: title })}
              >
                <ChevronRight />
              </button>
            </>
          ) : null}
          {moreHref ? (
            <Link className="game-section__more" to={moreHref} aria-label={t('games.moreOf', { section: title })}>
              {t('games.more')}
              <svg viewBox="0 0 24 24" width="14" height="14" aria-hidden="true" focusable="false">
                <path fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" d="m9 5 7 7-7 7" />
              </svg>
            </Link>
          ) : null}
        </div>
      </div>
      {empty ? (
        <p className="game-section__empty">
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path
              fill="currentColor"
              d="M7 6h10a5 5 0 0 1 5 5l.6 5.2A2.6 2.6 0 0 1 20 19c-1 0-1.7-.6-2.3-1.4L16.4 16H7.6l-1.3 1.6C5.7 18.4 5 19 4 19a2.6 2.6 0 0 1-2.6-2.8L2 11a5 5 0 0 1 5-5Zm0 3v2H5v2h2v2h2v-2h2v-2H9V9H7Zm9.5 1a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3Z"
            />
          </svg>
          <span>{emptyText}</span>
        </p>
      ) : (
        <div
          className="game-section__viewport carousel-viewport"
          ref={viewportRef}
          id={viewportId}
          aria-busy={loading || undefined}
        >
          <ul className="game-section__track">
            {loading
              ? Array.from({ length: 6 }, (_, i) => (
                  <li key={i} className="game-section__slide" aria-hidden="true">
                    <span className="game-section__ghost" />
                  </li>
                ))
              : items.map((game) => (
                  <li key={game.id} className="game-section__slide">
                    <GameCard game={game} onLaunch={onLaunch} />
                  </li>
                ))}
          </ul>
        </div>
      )}
    </section>
  );
}
