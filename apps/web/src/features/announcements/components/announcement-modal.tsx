import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import type { ModalBodyProps } from '../../../stores/modals.ts';
import { announcementsOf, useAnnouncementList, type Announcement } from '../api/get-notices.ts';
import { formatTime } from '../utils/format-time.ts';
import { pageCount, pageItems } from '../utils/paginate.ts';
import { isPopupAudience, markPopupsClosed } from '../utils/popup-session.ts';
import { AnnouncementDetail } from './announcement-detail.tsx';
import './announcements.css';

/** §9 announcement page size. */
export const ANNOUNCEMENT_PAGE_SIZE = 9;

/**
 * §2 announcement modal: titles 9 per page beside a rich-text detail pane. Opened with
 * props.items (the on-load popups, props.popup = audience) or without (the full announcement
 * list, from the marquee's "all notices").
 */
export function AnnouncementModal({ props, onClose }: ModalBodyProps) {
  const { t } = useTranslation();
  const given = Array.isArray(props.items) ? (props.items as Announcement[]) : null;
  const list = useAnnouncementList(given === null);
  const items = given ?? announcementsOf(list.data);
  const popup = isPopupAudience(props.popup) ? props.popup : null;
  const close = () => {
    if (popup) markPopupsClosed(popup);
    onClose();
  };

  let body;
  if (given === null && list.isPending) {
    body = (
      <div className="modal__loading" role="status">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('announcements.loading')}</span>
      </div>
    );
  } else if (given === null && list.isError) {
    body = (
      <EmptyState
        title={t('announcements.errorTitle')}
        body={t('announcements.errorBody')}
        action={
          <button type="button" className="button button--primary" onClick={() => void list.refetch()}>
            {t('common.retry')}
          </button>
        }
      />
    );
  } else if (items.length === 0) {
    body = <EmptyState title={t('announcements.emptyTitle')} body={t('announcements.emptyBody')} />;
  } else {
    // Popups open on the first notice itself; the full list opens on its titles (on phones).
    body = <AnnouncementBrowser items={items} startWithDetail={popup !== null} />;
  }

  return (
    <Modal title={t('announcements.title')} onClose={close} size="large" className="announcement-modal">
      {body}
    </Modal>
  );
}

function AnnouncementBrowser({ items, startWithDetail }: { items: Announcement[]; startWithDetail: boolean }) {
  const { t, i18n } = useTranslation();
  const baseId = useId();
  const [pageState, setPage] = useState(0);
  const [selectedId, setSelectedId] = useState(items[0]?.id);
  /** Phones show the titles or the detail; larger screens show both side by side. */
  const [view, setView] = useState<'list' | 'detail'>(startWithDetail ? 'detail' : 'list');
  const listRef = useRef<HTMLDivElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const titleRefs = useRef(new Map<number, HTMLButtonElement>());
  const pendingFocus = useRef<'detail' | 'title' | null>(null);

  const pages = pageCount(items.length, ANNOUNCEMENT_PAGE_SIZE);
  // The list can shrink under us (a refetch after a language change): stay on a real page.
  const page = Math.min(pageState, pages - 1);
  const visible = pageItems(items, page, ANNOUNCEMENT_PAGE_SIZE);
  // Never undefined: the list is not empty here and the page is clamped to it.
  const selected = items.find((item) => item.id === selectedId) ?? visible[0] ?? items[0]!;
  const number = new Intl.NumberFormat(i18n.language);

  useEffect(() => {
    const target = pendingFocus.current;
    pendingFocus.current = null;
    if (target === 'title') titleRefs.current.get(selected.id)?.focus();
    // Only when the titles were hidden by the switch (phones); elsewhere focus stays on the title.
    if (target === 'detail' && listRef.current && getComputedStyle(listRef.current).display === 'none') {
      headingRef.current?.focus();
    }
  });

  const choose = (id: number) => {
    setSelectedId(id);
    setView('detail');
    pendingFocus.current = 'detail';
  };
  const goToPage = (next: number) => {
    setPage(next);
    setSelectedId(pageItems(items, next, ANNOUNCEMENT_PAGE_SIZE)[0]?.id);
  };

  return (
    <div className="announcements" data-view={view}>
      <div className="announcements__list" ref={listRef}>
        <ul className="announcements__titles" aria-label={t('announcements.list')}>
          {visible.map((item) => (
            <li key={item.id}>
              <button
                ref={(el) => {
                  if (el) titleRefs.current.set(item.id, el);
                  else titleRefs.current.delete(item.id);
                }}
                type="button"
                className="announcements__title"
                aria-current={item.id === selected.id ? 'true' : undefined}
                aria-controls={`${baseId}-detail`}
                onClick={() => choose(item.id)}
              >
                <span className="announcements__title-text">{item.title}</span>
                <span className="announcements__title-time">{formatTime(item.time, i18n.language)}</span>
              </button>
            </li>
          ))}
        </ul>
        {pages > 1 ? (
          <nav className="announcements__pager" aria-label={t('announcements.pagination')}>
            <button
              type="button"
              className="button"
              disabled={page === 0}
              onClick={() => goToPage(page - 1)}
              aria-label={t('announcements.previousPage')}
            >
              <span aria-hidden="true">‹</span>
            </button>
            <span className="announcements__page" aria-live="polite">
              {t('announcements.page', { page: number.format(page + 1), total: number.format(pages) })}
            </span>
            <button
              type="button"
              className="button"
              disabled={page >= pages - 1}
              onClick={() => goToPage(page + 1)}
              aria-label={t('announcements.nextPage')}
            >
              <span aria-hidden="true">›</span>
            </button>
          </nav>
        ) : null}
      </div>
      <div className="announcements__detail" id={`${baseId}-detail`}>
        <button
          type="button"
          className="announcements__back button"
          onClick={() => {
            setView('list');
            pendingFocus.current = 'title';
          }}
        >
          <span aria-hidden="true">‹</span> {t('announcements.backToList')}
        </button>
        <AnnouncementDetail key={selected.id} announcement={selected} headingRef={headingRef} />
      </div>
    </div>
  );
}
