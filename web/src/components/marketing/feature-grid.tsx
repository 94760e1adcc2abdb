import { useTranslation } from 'react-i18next';
import { BoltIcon, GridIcon, PaletteIcon, ShieldIcon, UpscaleIcon, UsersIcon } from '../icons.tsx';

const FEATURES = [
  { key: 'fast', icon: <BoltIcon /> },
  { key: 'styles', icon: <PaletteIcon /> },
  { key: 'upscale', icon: <UpscaleIcon /> },
  { key: 'history', icon: <GridIcon /> },
  { key: 'community', icon: <UsersIcon /> },
  { key: 'commercial', icon: <ShieldIcon /> },
] as const;

export function FeatureGrid() {
  const { t } = useTranslation();
  return (
    <ul className="feature-grid">
      {FEATURES.map((feature) => (
        <li key={feature.key} className="feature-card">
          <span className="feature-card__icon">{feature.icon}</span>
          <h3 className="feature-card__title">{t(`features.items.${feature.key}.title`)}</h3>
          <p className="feature-card__text">{t(`features.items.${feature.key}.text`)}</p>
        </li>
      ))}
    </ul>
  );
}
