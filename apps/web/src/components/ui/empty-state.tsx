import type { ReactNode } from 'react';
import './empty-state.css';

export interface EmptyStateProps {
  title: string;
  body?: string;
  action?: ReactNode;
  /** A decorative icon above the title. */
  icon?: ReactNode;
  /** `page`: a card that fills a page section (route pages); default: plain, for modals and lists. */
  variant?: 'plain' | 'page';
  /** Render the title as a heading of this level (default: a paragraph). */
  headingLevel?: 2 | 3;
}

/** A real empty state: a title, an optional line of text and an optional action. */
export function EmptyState({ title, body, action, icon, variant = 'plain', headingLevel }: EmptyStateProps) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p';
  return (
    <section className={`empty-state empty-state--${variant}`} aria-live="polite">
      {icon ? (
        <span className="empty-state__icon" aria-hidden="true">
          {icon}
        </span>
      ) : null}
      <Title className="empty-state__title">{title}</Title>
      {body ? <p className="empty-state__body">{body}</p> : null}
      {action ? <div className="empty-state__actions">{action}</div> : null}
    </section>
  );
}
