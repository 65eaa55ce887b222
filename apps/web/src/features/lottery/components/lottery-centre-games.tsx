import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useLotteryGames } from '../api/lottery.ts';
import { lotteryHref } from '../utils/routes.ts';
import { scheduleText } from './game-menu.tsx';
import '../messages.ts';
import './lottery.css';

/**
 * The /lott and /elott centres' own lottery games (issue 15 item 2): under the category's vendor
 * cards, every game of those vendors with its schedule and next draw, each opening its page.
 */
export function LotteryCentreGames({ vassalages }: { vassalages: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const games = useLotteryGames();
  const list = (games.data?.list ?? []).filter((game) => vassalages.includes(game.vassalage) && game.status === 'on');
  return (
    <section className="lottery-centre" aria-labelledby="lottery-centre-title">
      <h2 id="lottery-centre-title" className="lottery-section-title">
        {t('lottery.centre.ours')}
      </h2>
      <p className="lottery-centre__intro">{t('lottery.centre.oursIntro')}</p>
      {games.isPending ? (
        <p role="status" className="lottery-muted">
          {t('lottery.menu.loading')}
        </p>
      ) : games.isError ? (
        <EmptyState
          variant="page"
          title={t('lottery.loadFailed')}
          body={games.error.message || t('common.networkError')}
          action={
            <button type="button" className="button" onClick={() => void games.refetch()}>
              {t('common.retry')}
            </button>
          }
        />
      ) : list.length === 0 ? (
        <EmptyState variant="page" title={t('lottery.menu.empty')} body={t('lottery.menu.emptyBody')} />
      ) : (
        <ul className="lottery-centre__grid">
          {list.map((game) => (
            <li key={game.gameCode}>
              <Link className="lottery-centre__card" to={lotteryHref(game)}>
                <span className="lottery-centre__name">{game.name}</span>
                <span className="lottery-centre__meta">
                  {t(`lottery.formats.${game.format}`)} · {scheduleText(t, game)}
                </span>
                <span className="lottery-centre__meta">
                  {t('lottery.centre.nextDraw', { time: formatDateTime(game.current.drawAt, i18n.language) })}
                </span>
                <span className="lottery-centre__play" aria-hidden="true">
                  {t('lottery.centre.play')}
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
