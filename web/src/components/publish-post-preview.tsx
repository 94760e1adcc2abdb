// The publish form's left column: the image to publish (blurred while flagged, until revealed), the choice
// among the request's images when there are several, and the prompt it was made with.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryItem } from '../api/history.ts';

export function PublishPreview({
  item,
  imageIndex,
  onChoose,
  revealed,
  onReveal,
}: {
  item: HistoryItem;
  imageIndex: number;
  onChoose: (index: number) => void;
  revealed: boolean;
  onReveal: () => void;
}) {
  const { t } = useTranslation('community');
  const groupName = useId();
  const image = item.images[imageIndex];
  const imageCount = item.images.length;

  return (
    <div className="publish-dialog__preview">
      {image ? (
        <figure
          className={
            image.flagged && !revealed
              ? 'publish-dialog__image publish-dialog__image--hidden'
              : 'publish-dialog__image'
          }
        >
          <img
            src={image.url}
            width={image.width}
            height={image.height}
            alt={t('publish.imageAlt', { prompt: item.prompt })}
          />
          {image.flagged && !revealed ? (
            <button type="button" className="button button--small publish-dialog__reveal" onClick={onReveal}>
              {t('post.show')}
            </button>
          ) : null}
        </figure>
      ) : null}
      {imageCount > 1 ? (
        <fieldset className="publish-dialog__thumbs">
          <legend className="field-label">{t('publish.chooseImage')}</legend>
          <div className="publish-dialog__thumb-list">
            {item.images.map((option, index) => (
              <label key={option.url} className="publish-dialog__thumb">
                <input
                  type="radio"
                  className="visually-hidden"
                  name={groupName}
                  checked={index === imageIndex}
                  onChange={() => onChoose(index)}
                />
                <img src={option.url} alt="" className={option.flagged ? 'is-flagged' : undefined} />
                <span className="visually-hidden">
                  {t('publish.imageNumber', { index: index + 1, total: imageCount })}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <dl className="publish-dialog__prompt">
        <dt className="field-label">{t('publish.prompt')}</dt>
        <dd dir="auto">{item.prompt}</dd>
      </dl>
    </div>
  );
}
