import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { walletEndpoints } from '@khela/contracts';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { PagedRecords, usePaging } from '../../../components/ui/pager.tsx';
import { formatDateTime } from '../../../lib/format.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { useInbox } from '../api/get-inbox.ts';
import { markRead } from '../api/mark-read.ts';
import '../../../components/ui/money.css';
import '../messages.ts';

/** §2 member centre `messageV2` (issue 5 item 9): the inbox, newest first; mark one or all read. */
export default function InboxPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const paging = usePaging();
  const [error, setError] = useState('');
  const inbox = useInbox(useSessionToken(), paging.query);

  const read = async (body: { ids: string[] } | { all: true }) => {
    setError('');
    try {
      await markRead(body);
      await queryClient.invalidateQueries({ queryKey: [walletEndpoints.inbox.name] });
    } catch (failure) {
      setError((failure as Error).message || t('common.networkError'));
    }
  };

  return (
    <div className="cashier-page">
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
                <button type="button" className="button" onClick={() => void read({ all: true })}>
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
                <li key={m.id} className="money-item" data-unread={!m.read}>
                  <div className="money-item__main">
                    <strong>{m.title}</strong>
                    {m.read ? null : (
                      <span className="money-status" data-status="pending">
                        {t('wallet.inbox.new')}
                      </span>
                    )}
                  </div>
                  <p className="money-item__body">{m.body}</p>
                  <div className="money-item__meta">
                    <time dateTime={m.createdAt}>{formatDateTime(m.createdAt, i18n.language)}</time>
                    {m.read ? null : (
                      <button
                        type="button"
                        className="button money-item__action"
                        onClick={() => void read({ ids: [m.id] })}
                      >
                        {t('wallet.inbox.markRead')}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedRecords>
    </div>
  );
}
