import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page.tsx';

export interface ErrorScreenProps {
  title: string;
  body?: string;
  onRetry?: () => void;
  /** More actions beside "try again" (e.g. a link home). */
  actions?: ReactNode;
  icon?: ReactNode;
  /** `main` for a whole page; `section` inside the site layout, which has its own main. */
  as?: 'main' | 'section';
}

/** A failure the visitor can act on: what happened, and a way to try again. */
export function ErrorScreen({ title, body, onRetry, actions, icon, as = 'main' }: ErrorScreenProps) {
  const { t } = useTranslation();
  return (
    <StatusPage
      as={as}
      role="alert"
      title={title}
      icon={icon}
      actions={
        onRetry || actions ? (
          <>
            {onRetry ? (
              <button type="button" className="button button--primary" onClick={onRetry}>
                {t('common.retry')}
              </button>
            ) : null}
            {actions}
          </>
        ) : undefined
      }
    >
      {body ? <p>{body}</p> : null}
    </StatusPage>
  );
}
