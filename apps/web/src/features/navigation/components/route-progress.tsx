import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';
import { useTranslation } from 'react-i18next';

/** Quick navigations show nothing; slower ones (a page chunk on a slow network) show the bar. */
const SHOW_AFTER_MS = 150;

/**
 * The loading cover of navigations (§2: hidden once the navigation is done): a thin bar over
 * the header while the next page loads, announced to screen readers.
 */
export function RouteProgress() {
  const { t } = useTranslation();
  const loading = useNavigation().state !== 'idle';
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!loading) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [loading]);

  return (
    <div className="route-progress" data-visible={visible || undefined} role="status" aria-live="polite">
      {visible ? <span className="visually-hidden">{t('layout.loadingPage')}</span> : null}
    </div>
  );
}
