import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerateRequest } from '../../api/generation.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { GenerationPanel } from './generation-panel.tsx';
import { isActivePhase } from './generation-phase.ts';
import { GeneratorForm } from './generator-form.tsx';
import { useGenerationRun } from './use-generation-run.ts';
import './home-page.css';

/** Matches the breakpoint in home-page.css where the two columns stack. */
const STACKED_LAYOUT_QUERY = '(max-width: 960px)';

export function HomePage() {
  const { t } = useTranslation();
  useDocumentTitle(t('home.documentTitle'));
  const { phase, waitHint, request, start, retry } = useGenerationRun();
  const resultsRef = useRef<HTMLElement>(null);

  const generate = useCallback(
    (next: GenerateRequest) => {
      start(next);
      // Stacked layout: the results sit below the form, out of sight; bring them up.
      if (window.matchMedia(STACKED_LAYOUT_QUERY).matches) {
        resultsRef.current?.scrollIntoView({ block: 'start' });
      }
    },
    [start],
  );

  return (
    <div className="home">
      <header className="hero">
        <p className="hero__eyebrow">{t('home.eyebrow')}</p>
        <h1 className="page-heading">{t('home.heading')}</h1>
        <p className="page-intro">{t('home.intro')}</p>
      </header>
      <div className="studio">
        <GeneratorForm busy={isActivePhase(phase)} onGenerate={generate} />
        <GenerationPanel
          ref={resultsRef}
          phase={phase}
          waitHint={waitHint}
          request={request}
          onRetry={retry}
        />
      </div>
    </div>
  );
}
