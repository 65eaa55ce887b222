import {
  Component,
  lazy,
  startTransition,
  Suspense,
  useEffect,
  useState,
  type ComponentType,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '../components/ui/modal.tsx';
import { loadMessages } from '../lib/i18n.ts';
import { closeModal, type ModalBodyProps, type ModalName, type ModalState } from '../stores/modals.ts';

type Loader = () => Promise<ComponentType<ModalBodyProps>>;

/**
 * The §2 modals, each its own chunk (DOMPurify and the forms load with the first modal that
 * needs them, not with the page). The account modals get the site's switches and rules through
 * modals/account-modals.tsx.
 */
const loaders: Record<ModalName, Loader> = {
  help: () => import('../features/help/components/help-modal.tsx').then((m) => m.HelpModal),
  feedback: () => import('../features/feedback/components/feedback-modal.tsx').then((m) => m.FeedbackModal),
  announcements: () =>
    import('../features/announcements/components/announcement-modal.tsx').then((m) => m.AnnouncementModal),
  notice: () => import('../features/announcements/components/notice-modal.tsx').then((m) => m.NoticeModal),
  login: () => import('./modals/account-modals.tsx').then((m) => m.Login),
  register: () => import('./modals/account-modals.tsx').then((m) => m.Register),
  forgotPassword: () => import('./modals/account-modals.tsx').then((m) => m.ForgotPassword),
  changePassword: () => import('./modals/account-modals.tsx').then((m) => m.ChangePassword),
  logoutConfirm: () => import('../features/auth/components/logout-confirm-modal.tsx').then((m) => m.LogoutConfirmModal),
  accountNotice: () => import('../features/auth/components/account-notice-modal.tsx').then((m) => m.AccountNoticeModal),
  gameList: () => import('./modals/game-modals.tsx').then((m) => m.GameList),
  gameNotice: () => import('./modals/game-modals.tsx').then((m) => m.GameNotice),
};

/** Bodies whose chunk has loaded: rendered at once, without a loading dialog first. */
const loadedBodies = new Map<ModalName, ComponentType<ModalBodyProps>>();
function loadBody(name: ModalName): Promise<ComponentType<ModalBodyProps>> {
  // The dialogs' strings are not in the first-load catalogue (issue 3 item 11).
  return Promise.all([loaders[name](), loadMessages('pages')]).then(([Body]) => {
    loadedBodies.set(name, Body);
    return Body;
  });
}

/** Lazy bodies, made once per name; a failed load is dropped so "try again" loads afresh. */
const bodies = new Map<ModalName, ComponentType<ModalBodyProps>>();
function bodyFor(name: ModalName): ComponentType<ModalBodyProps> {
  const loaded = loadedBodies.get(name);
  if (loaded) return loaded;
  let body = bodies.get(name);
  if (!body) {
    body = lazy(() =>
      loadBody(name).then(
        (Body) => ({ default: Body }),
        (error: unknown) => {
          bodies.delete(name);
          throw error;
        },
      ),
    );
    bodies.set(name, body);
  }
  return body;
}

/**
 * A §4 on-load popup nobody asked for by a click: it appears once its chunk is there, instead of
 * a loading dialog that it then replaces (two dialogs making the page inert and moving focus,
 * issue 3 item 11: total blocking time). A load that fails shows the usual dialogs.
 */
const failedQuietly = new Set<ModalName>();
function useQuietLoad(modal: ModalState | null): boolean {
  const [, settled] = useState(0);
  const quiet = !!modal?.props.popup && !loadedBodies.has(modal.name) && !failedQuietly.has(modal.name);
  useEffect(() => {
    if (!quiet || !modal) return;
    let live = true;
    loadBody(modal.name)
      .catch(() => failedQuietly.add(modal.name))
      // A transition: the popup's first render yields to the browser every few milliseconds
      // instead of holding the main thread for the whole dialog (issue 11: total blocking time).
      .finally(() => live && startTransition(() => settled((n) => n + 1)));
    return () => {
      live = false;
    };
  }, [quiet, modal]);
  return quiet;
}

/** The open modal of the store (modal-host.tsx loads this chunk when the first one opens). */
export function OpenModal({ modal }: { modal: ModalState }) {
  const [attempt, setAttempt] = useState(0);
  const loading = useQuietLoad(modal);
  const Body = loading ? null : bodyFor(modal.name);
  return Body ? (
    <ModalLoadBoundary key={`${modal.name}:${attempt}`} onRetry={() => setAttempt((n) => n + 1)}>
      <Suspense fallback={<LoadingModal />}>
        <Body props={modal.props} onClose={closeModal} />
      </Suspense>
    </ModalLoadBoundary>
  ) : null;
}

function LoadingModal() {
  const { t } = useTranslation();
  return (
    <Modal title={t('modal.loading')} onClose={closeModal} size="small">
      <div className="modal__loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    </Modal>
  );
}

function LoadFailedModal({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      title={t('modal.loadErrorTitle')}
      onClose={closeModal}
      size="small"
      footer={
        <>
          <button type="button" className="button" onClick={closeModal}>
            {t('modal.close')}
          </button>
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('common.retry')}
          </button>
        </>
      }
    >
      <p className="modal__message" role="alert">
        {t('modal.loadErrorBody')}
      </p>
    </Modal>
  );
}

/** A modal whose chunk fails to load (offline, a new deployment) offers to try again. */
class ModalLoadBoundary extends Component<{ children: ReactNode; onRetry: () => void }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? <LoadFailedModal onRetry={this.props.onRetry} /> : this.props.children;
  }
}
