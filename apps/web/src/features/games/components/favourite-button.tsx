import { useTranslation } from 'react-i18next';

const HEART =
  'M12 21s-7.5-4.6-9.6-9.3C.9 8.3 3 4.5 6.7 4.5c2.1 0 3.6 1.1 5.3 3 1.7-1.9 3.2-3 5.3-3 3.7 0 5.8 3.8 4.3 7.2C19.5 16.4 12 21 12 21Z';

/** §4 favourite toggle of a card: pressed when the game is a favourite. */
export function FavouriteButton({ name, on, onToggle }: { name: string; on: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="game-card__favourite"
      aria-pressed={on}
      aria-label={t('lobby.favourite', { game: name })}
      title={on ? t('lobby.favouriteRemove') : t('lobby.favouriteAdd')}
      onClick={onToggle}
    >
      <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path d={HEART} fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" />
      </svg>
    </button>
  );
}
