import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { walletEndpoints, ValueOf } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PagedRecords, usePaging } from '../../../components/ui/pager.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { sanitizeHtml } from '../../../lib/sanitize.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { deleteMessages } from '../api/delete-messages.ts';
import { useInbox } from '../api/get-inbox.ts';
import { markRead } from '../api/mark-read.ts';
import { refreshInbox } from '../api/refresh-inbox.ts';
import '../../../components/ui/money.css';
import './inbox-page.css';
import '../messages.ts';

type Entry = ValueOf<typeof walletEndpoints.inbox>['list'][number];

/**
 * §2 member centre `messageV2` (issue 5 item 9, issue 14 item 7): the inbox, newest first, paged.
 * Opening a message marks it read; delete asks first; every change recounts the badges.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [error, setError] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const inbox = useInbox(useSessionToken(), paging.query);

  const act = async (action: () => Promise<unknown>) => {
    setError('');
    try {
      await action();
      await refreshInbox(queryClient);
    } catch (failure) {
      setError((failure as Error).message || t('common.networkError'));
    }
  };
  const toggle = (entry: Entry) => {
    setConfirming(null);
    setOpen(open === entry.id ? null : entry.id);
    if (!entry.read) void act(() => markRead({ ids: [entry.id] }));
  };
  const remove = (id: string) =>
    act(async () => {
      await deleteMessages([id]);
      setConfirming(null);
      if (open === id) setOpen(null);
    });

  return (
    <div className="cashier-page inbox-page">
      <PagedRecords
        records={inbox}
        onPage={paging.setPageNo}
        empty={
          <EmptyState
            variant="page"
            headingLevel={2}
            title={t('wallet.inbox.emptyTitle')}
            body={t('wallet.inbox.empty')}
          />
        }
      >
        {(data) => (
          <>
            <div className="money-actions">
              <span>{t('wallet.inbox.unread', { count: data.unread })}</span>
              {data.unread > 0 ? (
                <button type="button" className="button" onClick={() => void act(() => markRead({ all: true }))}>
                  {t('wallet.inbox.readAll')}
                </button>
              ) : null}
            </div>
            {error ? (
              <p className="form-alert form-alert--error" role="alert">
                {error}
              </p>
            ) : null}
            <ul className="money-list" aria-label={t('wallet.inbox.title')}>
              {data.list.map((m) => (
                <Message
                  key={m.id}
                  entry={m}
                  open={open === m.id}
                  confirming={confirming === m.id}
                  onToggle={() => toggle(m)}
                  onDelete={() => setConfirming(m.id)}
                  onCancel={() => setConfirming(null)}
                  onConfirm={() => void remove(m.id)}
                />
              ))}
            </ul>
          </>
        )}
      </PagedRecords>
    </div>
  );
}

function Message({
  entry,
  open,
  confirming,
  onToggle,
  onDelete,
  onCancel,
  onConfirm,
}: {
  entry: Entry;
  open: boolean;
  confirming: boolean;
  onToggle: () => void;
  onDelete: () => void;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const { t, i18n } = useTranslation();
  const bodyId = `inbox-body-${entry.id}`;
  return (
    <li className="money-item inbox-item" data-unread={!entry.read}>
      <button type="button" className="inbox-item__head" aria-expanded={open} aria-controls={bodyId} onClick={onToggle}>
        <strong className="inbox-item__title">{entry.title}</strong>
        {entry.read ? null : (
          <span className="money-status" data-status="pending">
            {t('wallet.inbox.new')}
          </span>
        )}
      </button>
      {open ? (
        entry.html ? (
          <div
            id={bodyId}
            className="money-item__body inbox-item__body"
            dangerouslySetInnerHTML={{ __html: sanitizeHtml(entry.body) }}
          />
        ) : (
          <p id={bodyId} className="money-item__body inbox-item__body">
            {entry.body}
          </p>
        )
      ) : null}
      <div className="money-item__meta">
        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, i18n.language)}</time>
        {confirming ? (
          <span role="alertdialog" aria-label={t('wallet.inbox.deleteConfirm')} className="inbox-item__confirm">
            <span>{t('wallet.inbox.deleteConfirm')}</span>
            <button type="button" className="button button--primary money-item__action" onClick={onConfirm}>
              {t('wallet.inbox.delete')}
            </button>
            <button type="button" className="button money-item__action" onClick={onCancel}>
              {t('common.cancel')}
            </button>
          </span>
        ) : (
          <button
            type="button"
            className="button money-item__action"
            onClick={onDelete}
            aria-label={`${t('wallet.inbox.delete')}: ${entry.title}`}
          >
            {t('wallet.inbox.delete')}
          </button>
        )}
      </div>
    </li>
  );
}
