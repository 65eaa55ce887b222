import type { ReactNode } from 'react';

/** A page of the agent centre: its h1, an intro line, and the content. */
export function AgentPageFrame({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  return (
    <>
      <header className="agent-page__header">
        <h1>{title}</h1>
        {intro ? <p>{intro}</p> : null}
      </header>
      {children}
    </>
  );
}
