import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import type { GenerateRequest } from '../../api/generation.ts';
import { scrollToAnchor } from '../../components/anchor-scroll.ts';
import { HouseAd } from '../../components/house-ad.tsx';
import { ChevronRightIcon, SparklesIcon, UpscaleIcon } from '../../components/icons.tsx';
import { type Example, findExample } from '../../components/marketing/examples.ts';
import { ExamplesGallery } from '../../components/marketing/examples-gallery.tsx';
import { FaqList } from '../../components/marketing/faq-list.tsx';
import { FeatureGrid } from '../../components/marketing/feature-grid.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { GenerationPanel } from './generation-panel.tsx';
import { isActivePhase } from './generation-phase.ts';
import { GeneratorForm, type GeneratorPreset } from './generator-form.tsx';
import { useGenerationRun } from './use-generation-run.ts';
import '../../components/marketing/marketing.css';
import './home-page.css';

/** Matches the breakpoint in home-page.css where the two columns stack. */
const STACKED_LAYOUT_QUERY = '(max-width: 960px)';

/** The form values an example stands for ("Create Similar"). */
export function exampleValues(example: Example, prompt: string): GeneratorPreset['values'] {
  return {
    prompt,
    aspectRatio: example.aspectRatio,
    style: example.style,
    color: example.color,
    lighting: example.lighting,
  };
}

/** Where /examples sends "Create Similar": home, with the example's id in the navigation state. */
export interface HomeNavigationState {
  createSimilar?: string;
  /** Settings to load into the generator (history's "Create again"). */
  generatorValues?: GeneratorPreset['values'];
}

export function HomePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  useDocumentTitle(t('home.documentTitle'));
  const { phase, waitHint, request, jobId, start, retry, cancel, cancelling } = useGenerationRun();
  const resultsRef = useRef<HTMLElement>(null);
  const [preset, setPreset] = useState<GeneratorPreset | null>(null);

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

  const createSimilar = useCallback(
    (example: Example) => {
      setPreset((current) => ({
        id: (current?.id ?? 0) + 1,
        values: exampleValues(example, t(`examples.items.${example.id}.prompt`)),
      }));
      requestAnimationFrame(() => scrollToAnchor('generator'));
    },
    [t],
  );

  // Arriving from /examples with an example to start from.
  const state = location.state as HomeNavigationState | null;
  useEffect(() => {
    const example = findExample(state?.createSimilar);
    if (!example) return;
    createSimilar(example);
    navigate(location.pathname + location.search, { replace: true, state: null });
  }, [state, createSimilar, navigate, location.pathname, location.search]);

  // Arriving with settings to start from (history's "Create again").
  useEffect(() => {
    const values = state?.generatorValues;
    if (!values) return;
    setPreset((current) => ({ id: (current?.id ?? 0) + 1, values }));
    requestAnimationFrame(() => scrollToAnchor('generator'));
    navigate(location.pathname + location.search, { replace: true, state: null });
  }, [state, navigate, location.pathname, location.search]);

  return (
    <div className="home">
      <header className="hero">
        <p className="hero__eyebrow">{t('home.eyebrow')}</p>
        <h1 className="page-heading">{t('home.heading')}</h1>
        <p className="page-intro">{t('home.intro')}</p>
        <div className="hero__actions">
          <a href="#generator" className="button button--primary">
            <SparklesIcon />
            {t('home.ctaGenerate')}
          </a>
          <Link to={localizedPath(locale, '/upscaler')} className="button">
            <UpscaleIcon />
            {t('home.ctaUpscale')}
          </Link>
        </div>
        <ul className="hero__claims">
          <li>{t('home.claimNoSignup')}</li>
          <li>{t('home.claimUnlimited')}</li>
          <li>{t('home.claimCommercial')}</li>
        </ul>
      </header>

      <div className="studio">
        <GeneratorForm busy={isActivePhase(phase)} onGenerate={generate} preset={preset} />
        <GenerationPanel
          ref={resultsRef}
          phase={phase}
          waitHint={waitHint}
          request={request}
          jobId={jobId}
          onRetry={retry}
          onCancel={cancel}
          cancelling={cancelling}
        />
      </div>

      <HouseAd />

      <section className="marketing-section" id="features" aria-labelledby="home-features">
        <div className="section-head">
          <h2 id="home-features" className="section-title">
            {t('features.heading')}
          </h2>
          <p className="section-intro">{t('features.intro')}</p>
        </div>
        <FeatureGrid />
      </section>

      <section className="marketing-section" id="examples" aria-labelledby="home-examples">
        <div className="section-head">
          <h2 id="home-examples" className="section-title">
            {t('examples.heading')}
          </h2>
          <p className="section-intro">{t('examples.intro')}</p>
        </div>
        <ExamplesGallery onCreateSimilar={createSimilar} />
      </section>

      <section className="marketing-section" id="faq" aria-labelledby="home-faq">
        <div className="section-head">
          <h2 id="home-faq" className="section-title">
            {t('faq.heading')}
          </h2>
          <p className="section-intro">{t('faq.intro')}</p>
        </div>
        <FaqList />
        <p className="section-more">
          <Link to={localizedPath(locale, '/faq')}>
            {t('faq.more')}
            <ChevronRightIcon className="icon-flip" width={16} height={16} />
          </Link>
        </p>
      </section>
    </div>
  );
}
