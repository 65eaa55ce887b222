import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useI18n } from '../i18n.tsx';
import { PagedTable } from '../components/paged-table.tsx';
import type { Column, Sort } from '../components/data-table.tsx';
import { ConfirmDialog } from '../components/dialog.tsx';

export type Decision = 'approve' | 'reject';

/**
 * A queue of requests an operator approves or rejects (points redemptions, promotion applications):
 * the paged list with a button per decision the row allows, a confirmation that says what happens
 * (rejecting asks for the reason the member reads), then the outcome above the list.
 */
export function DecisionQueue<Row, Result>({
  query,
  queryKey,
  caption,
  columns,
  rowKey,
  rowTestId,
  empty,
  pageNo,
  pageSize,
  onPage,
  sort,
  onSort,
  decisionsOf = () => ['approve', 'reject'],
  nameOf,
  titleOf,
  consequenceOf,
  decide,
  doneOf,
}: {
  query: Parameters<typeof PagedTable<Row>>[0]['query'];
  /** The list's query key, refreshed after each decision. */
  queryKey: string;
  caption: string;
  columns: Column<Row>[];
  rowKey: (row: Row) => string | number;
  rowTestId: (row: Row) => string;
  empty: string;
  pageNo: number;
  pageSize: number;
  onPage: (page: number) => void;
  /** The server's sort, when the queue offers one (issue 16 Quality). */
  sort?: Sort | undefined;
  onSort?: (sort: Sort) => void;
  decisionsOf?: (row: Row) => readonly Decision[];
  /** Names the row in its buttons' accessible names. */
  nameOf: (row: Row) => string;
  titleOf: (decision: Decision, row: Row) => string;
  consequenceOf: (decision: Decision, row: Row) => string;
  decide: (decision: Decision, row: Row, reason: string) => Promise<Result>;
  doneOf: (decision: Decision, result: Result) => string;
}) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [asked, setAsked] = useState<{ decision: Decision; row: Row } | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: ({ decision, row, reason }: { decision: Decision; row: Row; reason: string }) =>
      decide(decision, row, reason),
    onSuccess: (result, { decision }) => {
      setAsked(null);
      setDone(doneOf(decision, result));
      void queryClient.invalidateQueries({ queryKey: [queryKey] });
    },
  });
  const withActions: Column<Row>[] = [
    ...columns,
    {
      id: 'actions',
      header: <span className="visually-hidden">{t('engagement.actions')}</span>,
      cell: (row) => (
        <span className="row-actions">
          {decisionsOf(row).map((decision) => (
            <button
              key={decision}
              type="button"
              className={decision === 'reject' ? 'danger' : undefined}
              aria-label={`${t(`engagement.${decision}`)} ${nameOf(row)}`}
              onClick={() => {
                mutation.reset();
                setAsked({ decision, row });
              }}
            >
              {t(`engagement.${decision}`)}
            </button>
          ))}
        </span>
      ),
    },
  ];
  return (
    <>
      {done && (
        <p className="notice" role="status">
          {done}
        </p>
      )}
      <PagedTable
        query={query}
        caption={caption}
        columns={withActions}
        rowKey={rowKey}
        rowTestId={rowTestId}
        empty={empty}
        sort={sort}
        onSort={onSort}
        pageNo={pageNo}
        pageSize={pageSize}
        onPage={onPage}
      />
      {asked && (
        <ConfirmDialog
          title={titleOf(asked.decision, asked.row)}
          consequence={<p>{consequenceOf(asked.decision, asked.row)}</p>}
          confirmLabel={t(`engagement.${asked.decision}`)}
          tone={asked.decision === 'reject' ? 'danger' : 'primary'}
          reasonLabel={asked.decision === 'reject' ? t('engagement.reason') : undefined}
          reasonHint={asked.decision === 'reject' ? t('engagement.reasonHint') : undefined}
          pending={mutation.isPending}
          error={mutation.error}
          onConfirm={(reason) => mutation.mutate({ ...asked, reason })}
          onCancel={() => setAsked(null)}
        />
      )}
    </>
  );
}
