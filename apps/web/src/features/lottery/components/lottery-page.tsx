import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LotteryGame } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useAfterLotteryChange, useDrawHistory, useLotteryMenus, useMyTickets, useNearDraw } from '../api/lottery.ts';
import { useServerNow } from '../../../lib/countdown.ts';
import type { PrizeMode } from '../utils/prize-mode.ts';
import { lotteryPageOf, type LotteryPageName } from '../utils/routes.ts';
import { BetSlip } from './bet-slip.tsx';
import { DrawResults } from './draw-results.tsx';
import { GameMenu } from './game-menu.tsx';
import { IssueClock } from './issue-clock.tsx';
import { TicketList } from './ticket-list.tsx';
import '../../../components/ui/form.css';
import '../messages.ts';
import './lottery.css';

export interface LotteryBalance {
  /** The main wallet's available balance (wire amount). */
  main: string;
  currency: string;
  /** The balance as the header shows it (symbol and §9 format). */
  display: string;
}

/**
 * /lottery, /vnLottery and /seaLottery (issue 15 item 2; §2, members only): the game menu, the
 * chosen game's open draw with a live countdown to the close, the bet slip, the latest results
 * with their fairness proofs and my tickets. `gameCode` picks the game; without one, the page's
 * first game (by vendor, §4 routing) is shown.
 */
export function LotteryPage({
  page,
  gameCode,
  prizeMode,
  balance,
}: {
  page: LotteryPageName;
  gameCode: string | null;
  prizeMode: PrizeMode;
  balance: LotteryBalance | null;
}) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const menus = useLotteryMenus(prizeMode);
  const groups = useMemo(() => Object.values(menus.data ?? {}), [menus.data]);
  const games = useMemo(() => groups.flatMap((group) => group.gameMenus), [groups]);
  const game: LotteryGame | undefined =
    games.find((g) => g.gameCode === gameCode) ??
    games.find((g) => lotteryPageOf(g.vassalage) === page && g.status === 'on') ??
    games[0];
  const selected = game?.gameCode ?? null;
  const near = useNearDraw(selected);
  const history = useDrawHistory(selected);
  const tickets = useMyTickets(token, selected);
  const afterChange = useAfterLotteryChange();
  const now = useServerNow(near.data?.serverTime);
  const drawAt = near.data ? Date.parse(near.data.drawAt) : null;

  // The draw happens on the server at drawAt: read the draw, results and tickets again just after
  // (timed once per draw, from the clock when the draw became known, not at every tick).
  const nowRef = useRef(now);
  nowRef.current = now;
  useEffect(() => {
    if (drawAt === null) return;
    const timer = setTimeout(afterChange, Math.max(1_000, drawAt - nowRef.current + 1_500));
    return () => clearTimeout(timer);
  }, [drawAt, afterChange]);

  // A newly published result: the results list and my tickets follow it.
  const published = near.data?.previous?.drawId;
  const seen = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (!published || seen.current === published) return;
    if (seen.current !== undefined) afterChange();
    seen.current = published;
  }, [published, afterChange]);

  const currency = balance?.currency ?? '';
  const title = game ? game.name : t(`lottery.titles.${page}`);
  const closed = near.data ? Date.parse(near.data.closesAt) <= now : true;

  return (
    <ContentPage title={title} intro={t('lottery.intro')}>
      <div className="lottery">
        {menus.isPending ? (
          <p role="status" className="lottery-muted">
            {t('lottery.menu.loading')}
          </p>
        ) : menus.isError ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('lottery.loadFailed')}
            body={menus.error.message || t('common.networkError')}
            action={
              <button type="button" className="button" onClick={() => void menus.refetch()}>
                {t('common.retry')}
              </button>
            }
          />
        ) : !game ? (
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('lottery.menu.empty')}
            body={t('lottery.menu.emptyBody')}
          />
        ) : (
          <>
            <GameMenu groups={groups} selected={selected} />
            <div className="lottery__main">
              <div className="lottery__play">
                {balance ? (
                  <p className="lottery__balance">
                    {t('lottery.balance')}: <strong data-testid="lottery-balance">{balance.display}</strong>
                  </p>
                ) : null}
                {near.isPending ? (
                  <p role="status" className="lottery-muted">
                    {t('lottery.issue.loading')}
                  </p>
                ) : near.isError ? (
                  <EmptyState
                    title={t('lottery.loadFailed')}
                    body={near.error.message || t('common.networkError')}
                    action={
                      <button type="button" className="button" onClick={() => void near.refetch()}>
                        {t('common.retry')}
                      </button>
                    }
                  />
                ) : (
                  <IssueClock
                    issue={near.data.issue}
                    closesAt={near.data.closesAt}
                    drawAt={near.data.drawAt}
                    now={now}
                  />
                )}
                {game.status === 'off' ? (
                  <p className="lottery-alert">{t('lottery.issue.none')}</p>
                ) : (
                  <BetSlip
                    key={game.gameCode}
                    game={game}
                    issue={near.data?.issue ?? null}
                    closed={closed}
                    currency={currency}
                    balance={balance?.main ?? null}
                    onSettled={afterChange}
                  />
                )}
              </div>
              <div className="lottery__side">
                <DrawResults
                  draws={history.data?.list ?? []}
                  pending={history.isPending}
                  error={history.error}
                  onRetry={() => void history.refetch()}
                />
                <TicketList
                  tickets={tickets.data?.list ?? []}
                  pending={tickets.isPending}
                  error={tickets.error}
                  onRetry={() => void tickets.refetch()}
                  currency={currency}
                />
              </div>
            </div>
          </>
        )}
      </div>
    </ContentPage>
  );
}
