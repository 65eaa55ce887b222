import type { ReactNode } from 'react';

/** A real empty state: a title, an optional line of text and an optional action. */
export function EmptyState({ title, body, action }: { title: string; body?: string; action?: ReactNode }) {
  return (
    <section className="empty-state" aria-live="polite">
      <p className="empty-state__title">{title}</p>
      {body ? <p className="empty-state__body">{body}</p> : null}
      {action}
    </section>
  );
}
