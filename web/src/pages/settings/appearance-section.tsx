// Appearance on this device: the theme (local storage `theme`, dark or light) and the interface language
// (the path prefix, stored as `userLocale` by the language change itself).
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { ChoiceGroup } from '../../components/choice-group.tsx';
import { MoonIcon, SunIcon } from '../../components/icons.tsx';
import { SelectField } from '../../components/select-field.tsx';
import {
  isLocale,
  LOCALE_NAMES,
  type Locale,
  SUPPORTED_LOCALES,
  switchLocalePath,
} from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { applyTheme, currentTheme, storeTheme, subscribeTheme, type Theme } from '../../theme/theme.ts';
import { SettingsSection } from './settings-section.tsx';

const LANGUAGE_OPTIONS = SUPPORTED_LOCALES.map((value) => ({ value, label: LOCALE_NAMES[value] }));

export function AppearanceSection() {
  const { t } = useTranslation('settings');
  const locale = useLocale();
  const location = useLocation();
  const navigate = useNavigate();
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'dark' as Theme);

  return (
    <SettingsSection id="appearance" title={t('appearance.heading')} intro={t('appearance.intro')}>
      <div className="appearance-grid">
        <ChoiceGroup<Theme>
          legend={t('appearance.theme')}
          name="theme"
          variant="segmented"
          value={theme}
          onChange={(next) => {
            applyTheme(next);
            storeTheme(next);
          }}
          choices={[
            {
              value: 'dark',
              label: t('appearance.dark'),
              visual: (
                <span className="theme-choice">
                  <MoonIcon width={18} height={18} />
                  <span aria-hidden="true">{t('appearance.dark')}</span>
                </span>
              ),
            },
            {
              value: 'light',
              label: t('appearance.light'),
              visual: (
                <span className="theme-choice">
                  <SunIcon width={18} height={18} />
                  <span aria-hidden="true">{t('appearance.light')}</span>
                </span>
              ),
            },
          ]}
        />
        <div className="appearance-language">
          <SelectField<Locale>
            label={t('appearance.language')}
            options={LANGUAGE_OPTIONS}
            value={locale}
            onChange={(target) => {
              if (isLocale(target)) navigate(switchLocalePath(location, target));
            }}
          />
          <p className="field-hint">{t('appearance.languageHint')}</p>
        </div>
      </div>
    </SettingsSection>
  );
}
