import { Component, lazy, Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { AnnouncementPopups } from '../features/announcements/components/announcement-popups.tsx';
import { registerNavigate } from '../lib/navigation.ts';
import { openModal, useModal } from '../stores/modals.ts';

/**
 * Issue 3 item 11: the dialog frame, its loading and failure dialogs and the bodies' loaders are a
 * chunk of their own, loaded when the first modal opens (or the member first touches the page),
 * not with the first screen, which opens none.
 */
const loadOpenModal = () => import('./open-modal.tsx');
function lazyOpenModal() {
  return lazy(() =>
    loadOpenModal().then(
      (m) => ({ default: m.OpenModal }),
      (error: unknown) => {
        OpenModal = lazyOpenModal(); // a failed load is not kept: the next open tries again
        throw error;
      },
    ),
  );
}
let OpenModal = lazyOpenModal();

/** The first touch, click or key press anywhere starts the modal chunk, so a click on "log in" rarely waits for it. */
function usePreloadOnFirstInput() {
  useEffect(() => {
    const events = ['pointerdown', 'keydown', 'touchstart'] as const;
    const preload = () => {
      for (const name of events) window.removeEventListener(name, preload, true);
      void loadOpenModal().catch(() => undefined);
    };
    for (const name of events) window.addEventListener(name, preload, { capture: true, passive: true });
    return () => {
      for (const name of events) window.removeEventListener(name, preload, true);
    };
  }, []);
}

/**
 * Renders the open modal of the store (one at a time) and the §4 on-load popups. Mounted once,
 * inside the status gate (app/provider.tsx), so modals never cover the maintenance page.
 */
export function ModalHost() {
  // A modal opens in a background render that yields to the browser every few milliseconds (issue
  // 11: the §4 popup's first render was one 15 ms task on load): the store is an external one,
  // whose updates React renders at once. A close is not deferred: the dialog goes at once.
  const latest = useModal();
  const deferred = useDeferredValue(latest);
  const modal = latest && deferred;
  usePreloadOnFirstInput();
  return (
    <>
      <AnnouncementPopups />
      {modal ? (
        <ChunkBoundary key={modal.name}>
          <Suspense fallback={null}>
            <OpenModal modal={modal} />
          </Suspense>
        </ChunkBoundary>
      ) : null}
    </>
  );
}

/** The modal chunk failed to load (offline, a new deployment): no dialog; the next open tries again. */
class ChunkBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/**
 * §2 `/login` and `/register` come back to `/` with `{ modal: 'login' | 'register' }` in the
 * navigation state. ModalHost sits outside the router, so this opener must be mounted inside it
 * (in the site layout). It opens the modal and clears the state, so a reload or a back
 * navigation does not open it again.
 */
export function RouteModalOpener() {
  const location = useLocation();
  const navigate = useNavigate();
  // Modals live outside the router: they navigate through lib/navigation.ts.
  useEffect(() => {
    registerNavigate((to, options) => void navigate(to, options));
    return () => registerNavigate(null);
  }, [navigate]);
  useEffect(() => {
    const wanted = (location.state as { modal?: unknown } | null)?.modal;
    if (wanted !== 'login' && wanted !== 'register') return;
    openModal(wanted);
    navigate(
      { pathname: location.pathname, search: location.search, hash: location.hash },
      { replace: true, state: null, preventScrollReset: true },
    );
  }, [location, navigate]);
  return null;
}
