import { useTranslation } from 'react-i18next';
import { SparklesIcon } from '../icons.tsx';
import { EXAMPLES, type Example } from './examples.ts';

interface ExamplesGalleryProps {
  onCreateSimilar: (example: Example) => void;
}

export function ExamplesGallery({ onCreateSimilar }: ExamplesGalleryProps) {
  const { t } = useTranslation();
  return (
    <>
      <ul className="examples-grid">
        {EXAMPLES.map((example) => (
          <li key={example.id} className="example-card">
            <img
              className="example-card__image"
              src={example.image}
              width={example.width}
              height={example.height}
              alt={t(`examples.items.${example.id}.title`)}
              loading="lazy"
              decoding="async"
            />
            <div className="example-card__body">
              <h3 className="example-card__title">{t(`examples.items.${example.id}.title`)}</h3>
              <p className="example-card__prompt">{t(`examples.items.${example.id}.prompt`)}</p>
              <p className="example-card__tags">
                <span>{t(`options.style.${example.style}`)}</span>
                <span>{t(`options.aspectRatio.${example.aspectRatio}`)}</span>
              </p>
              <button
                type="button"
                className="button button--small example-card__action"
                onClick={() => onCreateSimilar(example)}
                // The name starts with the visible label (voice control), then says which example.
                aria-label={`${t('examples.createSimilar')}: ${t(`examples.items.${example.id}.title`)}`}
              >
                <SparklesIcon width={16} height={16} />
                {t('examples.createSimilar')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <p className="examples-note">{t('examples.note')}</p>
    </>
  );
}
