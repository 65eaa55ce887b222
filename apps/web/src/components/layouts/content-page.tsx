import type { ReactNode } from 'react';
import './content-page.css';

/** A page of the site: its h1, an optional intro line, and the content. */
export function ContentPage({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <div className="content-page">
      <header className="content-page__header">
        <h1 className="content-page__title">{title}</h1>
        {intro ? <p className="content-page__intro">{intro}</p> : null}
      </header>
      {children}
    </div>
  );
}
