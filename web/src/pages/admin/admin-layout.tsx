// The frame every admin page shares: the console's own bar with a "Back to site" link, a sub-navigation
// between the nine pages (a scrollable tab row on phones), and the page's heading.
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router-dom';
import {
  ArrowBackIcon,
  BookIcon,
  ChartIcon,
  CubeIcon,
  FlagIcon,
  GridIcon,
  ImageIcon,
  MailIcon,
  SettingsIcon,
  ShieldIcon,
  UsersIcon,
} from '../../components/icons.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import './admin.css';

const SECTIONS = [
  { key: 'dashboard', path: '/admin', icon: <GridIcon /> },
  { key: 'users', path: '/admin/users', icon: <UsersIcon /> },
  { key: 'reports', path: '/admin/reports', icon: <FlagIcon /> },
  { key: 'communityStats', path: '/admin/community-stats', icon: <ChartIcon /> },
  { key: 'content', path: '/admin/content', icon: <ImageIcon /> },
  { key: 'models', path: '/admin/models', icon: <CubeIcon /> },
  { key: 'settings', path: '/admin/settings', icon: <SettingsIcon /> },
  { key: 'support', path: '/admin/support', icon: <MailIcon /> },
  { key: 'audit', path: '/admin/audit', icon: <BookIcon /> },
] as const;

interface AdminLayoutProps {
  title: string;
  intro: string;
  /** Controls beside the heading (a period picker, a refresh button). */
  actions?: ReactNode;
  children: ReactNode;
}

export function AdminLayout({ title, intro, actions, children }: AdminLayoutProps) {
  const { t } = useTranslation('admin');
  const locale = useLocale();
  useDocumentTitle(`${title} · ${t('console')}`);
  const tabsRef = useRef<HTMLUListElement>(null);

  // On a phone the row scrolls: bring the current page's tab into view.
  useEffect(() => {
    const current = tabsRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    const row = tabsRef.current;
    if (!current || !row || row.scrollWidth <= row.clientWidth) return;
    const offset = current.offsetLeft - (row.clientWidth - current.offsetWidth) / 2;
    row.scrollTo({ left: offset });
  }, []);

  return (
    <div className="admin">
      <div className="admin__bar">
        <p className="admin__brand">
          <ShieldIcon />
          {t('console')}
        </p>
        <Link to={localizedPath(locale)} className="admin__back">
          <ArrowBackIcon className="icon-flip" />
          {t('backToSite')}
        </Link>
      </div>
      <nav className="admin-tabs" aria-label={t('sectionsLabel')}>
        <ul ref={tabsRef} className="admin-tabs__list">
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink to={localizedPath(locale, section.path)} end className="admin-tabs__link">
                {section.icon}
                <span>{t(`sections.${section.key}`)}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <header className="admin__header">
        <div className="admin__heading">
          <h1 className="admin__title">{title}</h1>
          <p className="admin__intro">{intro}</p>
        </div>
        {actions ? <div className="admin__actions">{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
