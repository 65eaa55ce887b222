import { useTranslation } from 'react-i18next';
import { LoadState } from '../../../components/ui/load-state.tsx';
import { useMissionLeaderboard } from '../api/missions.ts';
import { showValue } from './values.ts';

/** MCSFE_getMissionLeaderboard: the top players (names masked) and the caller's own row pinned below. */
export function MissionLeaderboard({ missionId }: { missionId: number }) {
  const { t } = useTranslation();
  const board = useMissionLeaderboard(missionId, true);
  const data = board.data;
  return (
    <div className="mission-board">
      <h4>{t('mission.leaderboard')}</h4>
      <LoadState pending={board.isPending} error={board.error} onRetry={() => void board.refetch()}>
        {data ? (
          <div className="mission-board__wrap">
            <table className="mission-board__table">
              <thead>
                <tr>
                  <th scope="col">{t('mission.rank')}</th>
                  <th scope="col">{t('mission.player')}</th>
                  <th scope="col">{t('mission.value')}</th>
                </tr>
              </thead>
              <tbody>
                {data.list.length === 0 ? (
                  <tr>
                    <td colSpan={3}>{t('mission.boardEmpty')}</td>
                  </tr>
                ) : (
                  data.list.map((row) => (
                    <tr key={row.rank}>
                      <td>{row.rank}</td>
                      <td>{row.customerName}</td>
                      <td>{showValue(data.goalType, row.reachedValue)}</td>
                    </tr>
                  ))
                )}
              </tbody>
              <tfoot>
                <tr className="mission-board__mine" data-testid="mission-board-mine">
                  <td>{data.footer.rank ?? '–'}</td>
                  <td>
                    {t('mission.you')} ({data.footer.customerName})
                  </td>
                  <td>
                    {data.footer.rank === null
                      ? t('mission.notRanked')
                      : showValue(data.goalType, data.footer.reachedValue)}
                  </td>
                </tr>
              </tfoot>
            </table>
          </div>
        ) : null}
      </LoadState>
    </div>
  );
}
