import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, currentTheme, storeTheme, subscribeTheme, type Theme } from '../../theme/theme.ts';
import { MoonIcon, SunIcon } from '../icons.tsx';

export function ThemeToggle() {
  const { t } = useTranslation();
  // Follows the page's theme, so a change made in settings shows here too.
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'dark' as Theme);
  const next: Theme = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={next === 'light' ? t('shell.themeToLight') : t('shell.themeToDark')}
      title={next === 'light' ? t('shell.themeToLight') : t('shell.themeToDark')}
      onClick={() => {
        applyTheme(next);
        storeTheme(next);
      }}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
