import { useEffect, useRef } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { missionAdminEndpoints as missions, type MISSION_PROGRESS_SORTS, type ValueOf } from '@khela/contracts';
import { call } from '../api.ts';
import { useI18n } from '../i18n.tsx';
import { formatCount, formatTime } from '../format.ts';
import { PagedTable, useListControls } from '../components/paged-table.tsx';
import type { Column } from '../components/data-table.tsx';
import { TitleSearch } from './engagement-form.tsx';
import { progressRank } from './engagement-logic.ts';

type Mission = ValueOf<typeof missions.list>['list'][number];
type Progress = ValueOf<typeof missions.progress>['list'][number];
type ProgressSort = (typeof MISSION_PROGRESS_SORTS)[number];
const PAGE_SIZE = 20;

/**
 * Issue 16 item 6: the members' progress in one mission, paged, filtered by username and sorted on
 * the server (by rank until a column is chosen: furthest first, the earlier of a tie ahead).
 */
export function MissionProgress({ mission, onClose }: { mission: Mission; onClose: () => void }) {
  const { t, language } = useI18n();
  const heading = useRef<HTMLHeadingElement>(null);
  const { pageNo, setPageNo, filters, filter, sort, sortBy } = useListControls<{ q?: string | undefined }>({
    key: 'rank',
    order: 'desc',
  });
  const id = String(mission.missionId);
  const query = useQuery({
    queryKey: ['missions', 'progress', id, pageNo, filters, sort],
    queryFn: () =>
      call(missions.progress, {
        params: { id },
        query: {
          q: filters.q,
          sort: sort.key as ProgressSort,
          order: sort.order,
          pageNo: String(pageNo),
          pageSize: String(PAGE_SIZE),
        },
      }),
    placeholderData: keepPreviousData,
  });
  // Opened from a row's button: the view takes the focus (and the screen) so the keyboard follows.
  useEffect(() => {
    heading.current?.focus();
    heading.current?.scrollIntoView?.({ block: 'start' });
  }, [id]);
  const rankOf = (row: Progress) => {
    if (!query.data) return '—';
    const rank = progressRank(
      { sort, searched: !!filters.q, pageNo, pageSize: PAGE_SIZE },
      query.data.list.indexOf(row),
      query.data.total,
    );
    return rank === null ? '—' : formatCount(rank, language);
  };
  const of = mission.milestones.length;
  const columns: Column<Progress>[] = [
    { id: 'rank', header: t('engagement.progressRank'), sortKey: 'rank', cell: (row) => rankOf(row) },
    { id: 'username', header: t('members.username'), sortKey: 'username', cell: (row) => row.username },
    { id: 'reached', header: t('engagement.progressValue'), cell: (row) => row.reachedValue },
    {
      id: 'milestones',
      header: t('engagement.progressMilestones'),
      cell: (row) =>
        t('engagement.progressMilestonesOf', {
          reached: formatCount(row.milestonesReached, language),
          claimed: formatCount(row.milestonesClaimed, language),
          of: formatCount(of, language),
        }),
    },
    {
      id: 'reachedAt',
      header: t('engagement.progressReachedAt'),
      sortKey: 'reachedAt',
      wide: true,
      cell: (row) => formatTime(row.reachedAt, language),
    },
  ];
  const title = mission.title[language] || mission.title.en;
  return (
    <section aria-labelledby="mission-progress-title" className="block" data-testid="mission-progress">
      <div className="block-head">
        <h2 id="mission-progress-title" ref={heading} tabIndex={-1}>
          {t('engagement.progressTitle', { title })}
        </h2>
        <button type="button" onClick={onClose}>
          {t('engagement.progressClose')}
        </button>
      </div>
      <div className="filters">
        <TitleSearch
          label="engagement.searchUsername"
          value={filters.q ?? ''}
          maxLength={64}
          onSearch={(q) => filter({ q })}
        />
      </div>
      <PagedTable
        query={query}
        caption={t('engagement.progressTitle', { title })}
        columns={columns}
        rowKey={(row) => row.memberId}
        rowTestId={(row) => `progress-${row.username}`}
        sort={sort}
        onSort={sortBy}
        empty={t(filters.q ? 'engagement.progressNoMatch' : 'engagement.progressNone')}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        onPage={setPageNo}
      />
    </section>
  );
}
