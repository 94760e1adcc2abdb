import type { ReactNode } from 'react';

/** The top of a content page: a small label, the page's one h1, and a lead paragraph. */
export function PageHeader({
  eyebrow,
  title,
  intro,
  children,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  children?: ReactNode;
}) {
  return (
    <header className="page-header">
      {eyebrow ? <p className="hero__eyebrow">{eyebrow}</p> : null}
      <h1 className="page-heading">{title}</h1>
      {intro ? <p className="page-intro">{intro}</p> : null}
      {children}
    </header>
  );
}
