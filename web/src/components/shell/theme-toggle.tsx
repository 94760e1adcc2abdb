import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyTheme, storeTheme, type Theme } from '../../theme/theme.ts';
import { MoonIcon, SunIcon } from '../icons.tsx';

function currentTheme(): Theme {
  return document.documentElement.dataset.theme === 'light' ? 'light' : 'dark';
}

export function ThemeToggle() {
  const { t } = useTranslation();
  const [theme, setTheme] = useState<Theme>(currentTheme);
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
        setTheme(next);
      }}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}
