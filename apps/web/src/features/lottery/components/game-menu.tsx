import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { LotteryGame } from '@khela/contracts';
import { gmtOffset } from '../../../lib/format.ts';
import { lotteryHref } from '../utils/routes.ts';

export interface MenuGroup {
  gameGroupCode: string;
  displayName: string;
  gameMenus: LotteryGame[];
}

/** How often a game draws: "Every 3 min" or "Daily at 18:15 GMT+7" (the draw's own zone). */
export function scheduleText(t: (key: string, values?: Record<string, unknown>) => string, game: LotteryGame) {
  const { schedule } = game;
  return schedule.kind === 'interval' && schedule.everySeconds
    ? t('lottery.menu.every', { count: Math.round(schedule.everySeconds / 60) })
    : t('lottery.menu.daily', { time: `${schedule.at ?? ''} ${gmtOffset(new Date(), schedule.timeZone)}` });
}

/**
 * The game menu (§7 /lgw/vn/games/game_menu): our lottery games in their groups, each a link to
 * its page (/lottery, /vnLottery or /seaLottery by vendor, with gameCode); the chosen one is marked.
 */
export function GameMenu({ groups, selected }: { groups: readonly MenuGroup[]; selected: string | null }) {
  const { t } = useTranslation();
  return (
    <nav className="lottery-menu" aria-label={t('lottery.menu.title')}>
      {groups.map((group) => (
        <section key={group.gameGroupCode} className="lottery-menu__group" aria-label={group.displayName}>
          <h2 className="lottery-menu__title">{group.displayName}</h2>
          <ul className="lottery-menu__list">
            {group.gameMenus.map((game) => (
              <li key={game.gameCode}>
                <Link
                  to={lotteryHref(game)}
                  className="lottery-menu__game"
                  aria-current={game.gameCode === selected ? 'page' : undefined}
                  data-off={game.status === 'off' || undefined}
                >
                  <span className="lottery-menu__name">{game.name}</span>
                  <span className="lottery-menu__meta">{scheduleText(t, game)}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
