import type { ReactNode } from 'react';
import './status-page.css';

export interface StatusPageProps {
  title: string;
  icon?: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Above the card: e.g. the site's name, so the visitor knows where they are. */
  brand?: ReactNode;
  /** Below the card: e.g. a language switch. */
  below?: ReactNode;
  /** `main` for a whole page; `section` inside the site layout, which has its own main. */
  as?: 'main' | 'section';
  role?: 'alert';
  testId?: string;
}

/** A whole-page message: maintenance, region block, load failures (§2, §4, §8). */
export function StatusPage({
  title,
  icon,
  children,
  actions,
  brand,
  below,
  as: Root = 'main',
  role,
  testId,
}: StatusPageProps) {
  return (
    <Root className="status-card-page" role={role} data-testid={testId}>
      {brand ? <div className="status-card-page__brand">{brand}</div> : null}
      <div className="status-card">
        {icon ? (
          <span className="status-card__icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h1 className="status-card__title">{title}</h1>
        {children ? <div className="status-card__body">{children}</div> : null}
        {actions ? <div className="status-card__actions">{actions}</div> : null}
      </div>
      {below}
    </Root>
  );
}
