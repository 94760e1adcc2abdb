import { type ReactNode, useId } from 'react';

/** One titled card of the settings page; its id is the in-page anchor the section list links to. */
export function SettingsSection({
  id,
  title,
  intro,
  tone,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'danger';
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <section
      id={id}
      className={
        tone === 'danger' ? 'panel settings-section settings-section--danger' : 'panel settings-section'
      }
      aria-labelledby={headingId}
    >
      <header className="settings-section__head">
        <h2 id={headingId} className="settings-section__title">
          {title}
        </h2>
        {intro ? <p className="settings-section__intro">{intro}</p> : null}
      </header>
      {children}
    </section>
  );
}

/** Stands in for a value inside a translated sentence that {@link SentenceWith} fills with an element. */
export const SLOT = '\u0000';

/** A translated sentence (made with SLOT as one value) with that value shown as an element of its own. */
export function SentenceWith({ text, children }: { text: string; children: ReactNode }) {
  const [before = '', after = ''] = text.split(SLOT);
  return (
    <>
      {before}
      {children}
      {after}
    </>
  );
}
