import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { openModal, useModal } from '../../../stores/modals.ts';
import { useNotices } from '../api/get-notices.ts';
import { popupsToShow } from '../utils/popup-rules.ts';
import { currentPopupContext } from '../utils/popup-session.ts';

/**
 * §4 popups on load. Renders nothing: once the notice call answers, no other modal is open and
 * the page has settled, it opens the popups this session should see, one notice in the notice
 * modal or several in the announcement modal. Each audience is looked at once per page load (again after a login
 * or logout changes the audience), and never again once closed in this session.
 */
export function AnnouncementPopups() {
  const notices = useNotices();
  const modal = useModal();
  const checkedFor = useRef<string | null>(null);
  const { i18n } = useTranslation();

  useEffect(() => {
    if (!notices.data || modal) return;
    const popups = notices.data.popup;
    // Issue 3 item 11: once the page has painted and the browser is idle, so the popup's
    // chunks and rendering do not hold up the first screen underneath it.
    let cancelOpen = () => {};
    const cancelCheck = whenIdle(() => {
      const context = currentPopupContext();
      const key = `${context.audience}:${context.firstLogin ? 'first' : ''}`;
      if (checkedFor.current === key) return;
      const shown = popupsToShow(popups, context);
      if (shown.length === 0) {
        checkedFor.current = key;
        return;
      }
      // The time formatter (ICU's data for the language) in a task of its own, not in the
      // popup's first render (issue 11: each main-thread task short). Its module comes with the
      // popup's chunk, not with the first load.
      let live = true;
      const open = () => {
        checkedFor.current = key;
        if (shown.length === 1) openModal('notice', { notice: shown[0], popup: context.audience });
        else openModal('announcements', { items: shown, popup: context.audience });
      };
      void import('../utils/format-time.ts')
        .then(({ timeFormatOf }) => timeFormatOf(i18n.language))
        .catch(() => undefined)
        .then(() => {
          if (live) cancelOpen = whenIdle(open);
        });
      cancelOpen = () => {
        live = false;
      };
    });
    return () => {
      cancelCheck();
      cancelOpen();
    };
  }, [notices.data, modal, i18n]);

  return null;
}

/** Runs `fn` when the browser is next idle (at most 2 s from now); returns the cancel. */
function whenIdle(fn: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(fn, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
}
