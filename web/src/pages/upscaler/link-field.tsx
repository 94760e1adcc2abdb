// "Use a link": the address of a picture on the web, loaded with Enter or the button.
import { type KeyboardEvent, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { LinkState } from './use-upscale-source.ts';

export function LinkField({ link }: { link: LinkState }) {
  const { t } = useTranslation();
  const inputId = useId();
  const hintId = useId();

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void link.load();
    }
  };

  return (
    <div id="upscaler-link-field" className="link-field" hidden={!link.open}>
      <label htmlFor={inputId} className="field-label">
        {t('upscaler.linkLabel')}
      </label>
      <div className="link-field__row">
        <input
          ref={link.inputRef}
          id={inputId}
          type="url"
          inputMode="url"
          className="text-input"
          placeholder={t('upscaler.linkPlaceholder')}
          aria-describedby={hintId}
          value={link.value}
          disabled={link.loading}
          onChange={(event) => link.change(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="button" disabled={link.loading} onClick={() => void link.load()}>
          {link.loading ? <span className="spinner" aria-hidden="true" /> : null}
          {t('upscaler.loadLink')}
        </button>
      </div>
      <p id={hintId} className="upscaler__hint">
        {t('upscaler.linkHint')}
      </p>
    </div>
  );
}
