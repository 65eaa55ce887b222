import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveHost } from '@khela/contracts';
import { ContentPage } from '../../../components/layouts/content-page.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { useSessionToken } from '../../../lib/use-session-token.ts';
import { openModal } from '../../../stores/modals.ts';
import { useLaunchChat, useLiveHosts } from '../api/live.ts';
import '../messages.ts';
import './live.css';

function HostCard({ host, onChat, busy }: { host: LiveHost; onChat: (host: LiveHost) => void; busy: boolean }) {
  const { t } = useTranslation();
  const loggedIn = Boolean(useSessionToken());
  return (
    <article className={`live-card${host.online ? '' : ' live-card--offline'}`} aria-label={host.name}>
      <span className="live-card__avatar-wrap">
        <img className="live-card__avatar" src={host.avatarUrl} alt="" width={96} height={96} loading="lazy" />
        <span className={`live-card__status${host.online ? ' live-card__status--online' : ''}`}>
          {host.online ? t('live.online') : t('live.offline')}
        </span>
      </span>
      <h2 className="live-card__name">{host.name}</h2>
      {host.online ? <p className="live-card__viewers">{t('live.viewers', { count: host.viewers })}</p> : null}
      {host.tags.length ? (
        <ul className="live-card__tags">
          {host.tags.map((tag) => (
            <li key={tag}>{t(`live.tags.${tag}`, { defaultValue: tag })}</li>
          ))}
        </ul>
      ) : null}
      {!host.online ? (
        <button type="button" className="button" disabled>
          {t('live.offlineHint')}
        </button>
      ) : loggedIn ? (
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          aria-label={t('live.chatWith', { name: host.name })}
          onClick={() => onChat(host)}
        >
          {t('live.chat')}
        </button>
      ) : (
        <button type="button" className="button button--primary" onClick={() => openModal('login')}>
          {t('live.loginToChat')}
        </button>
      )}
    </article>
  );
}

/**
 * /liveHosts (§7 CBS_modelList, CBS_launchChat; switch CBS3): the operator's live hosts; "chat"
 * asks for the host's room and opens the returned chatUrl in a frame in a dialog.
 */
export function LiveHostsPage() {
  const { t } = useTranslation();
  const hosts = useLiveHosts();
  const launch = useLaunchChat();
  const [room, setRoom] = useState<{ host: LiveHost; url: string } | null>(null);
  const [failed, setFailed] = useState<{ host: LiveHost; message: string } | null>(null);

  const chat = (host: LiveHost) => {
    setFailed(null);
    launch.mutate(host.modelId, {
      onSuccess: ({ chatUrl }) => setRoom({ host, url: chatUrl }),
      onError: (error) => setFailed({ host, message: error.message }),
    });
  };

  return (
    <ContentPage title={t('live.title')} intro={t('live.intro')}>
      <title>{t('live.title')}</title>
      {hosts.isPending ? (
        <p className="money-loading" role="status">
          {t('content.loading')}
        </p>
      ) : hosts.error ? (
        <EmptyState
          variant="page"
          headingLevel={2}
          title={t('content.loadFailed')}
          body={hosts.error.message}
          action={
            <button type="button" className="button" onClick={() => void hosts.refetch()}>
              {t('content.retry')}
            </button>
          }
        />
      ) : hosts.data.length === 0 ? (
        <EmptyState variant="page" headingLevel={2} title={t('live.emptyTitle')} body={t('live.emptyBody')} />
      ) : (
        <>
          {failed ? (
            <p className="live-chat__error" role="alert">
              {failed.host.name}: {failed.message}
            </p>
          ) : null}
          <ul className="live-grid">
            {hosts.data.map((host) => (
              <li key={host.modelId}>
                <HostCard host={host} onChat={chat} busy={launch.isPending} />
              </li>
            ))}
          </ul>
        </>
      )}
      {room ? (
        <Modal title={t('live.chatWith', { name: room.host.name })} onClose={() => setRoom(null)} size="medium">
          <iframe
            className="live-chat__frame"
            src={room.url}
            title={t('live.chatFrame', { name: room.host.name })}
            referrerPolicy="no-referrer"
          />
        </Modal>
      ) : null}
    </ContentPage>
  );
}
