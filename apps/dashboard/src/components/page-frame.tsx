import { type ReactNode, useId } from 'react';

/** A dashboard page: one h1 naming the page, then its content. */
export function PageFrame({ title, children }: { title: ReactNode; children?: ReactNode }) {
  const id = useId();
  return (
    <section className="ds-page" aria-labelledby={id}>
      <h1 id={id}>{title}</h1>
      {children}
    </section>
  );
}
