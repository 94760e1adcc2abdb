// /{locale}/settings (sign-in): profile, plan and billing, API keys (or, without API access, how to get it),
// appearance and account deletion, with a list of the sections to jump between them.
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../auth/auth-context.tsx';
import { PageHeader } from '../../components/marketing/page-header.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { ApiKeysSection } from './api-keys-section.tsx';
import { AppearanceSection } from './appearance-section.tsx';
import { BillingSection } from './billing-section.tsx';
import { DangerZone } from './danger-zone.tsx';
import { EmailSection } from './email-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ProfileSection } from './profile-section.tsx';
import { hasApiAccess } from './settings-model.ts';
import { WebhooksSection } from './webhooks-section.tsx';
import '../../components/marketing/marketing.css';
import './settings-page.css';

export default function SettingsPage() {
  return (
    <NamespaceGate namespace="settings">
      <Settings />
    </NamespaceGate>
  );
}

function Settings() {
  const { t } = useTranslation('settings');
  const { user, isAdmin, plan } = useAuth();
  useDocumentTitle(`${t('title')} · ${t('app.name', { ns: 'translation' })}`);
  // The route's guard renders this page for signed-in users only.
  if (!user) return null;
  const apiAccess = hasApiAccess(isAdmin, plan);
  const sections = [
    ['profile', t('nav.profile')],
    ['password', t('nav.password')],
    ['email', t('nav.email')],
    ['billing', t('nav.billing')],
    ['api-keys', t('nav.apiKeys')],
    ['webhooks', t('nav.webhooks')],
    ['appearance', t('nav.appearance')],
    ['delete-account', t('nav.danger')],
  ];

  return (
    <div className="settings-page">
      <PageHeader title={t('title')} intro={t('intro')} />
      <div className="settings-layout">
        <nav className="settings-nav" aria-label={t('sectionsLabel')}>
          <ul className="settings-nav__list">
            {sections.map(([id, label]) => (
              <li key={id}>
                <a href={`#${id}`} className="settings-nav__link">
                  {label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="settings-sections">
          <ProfileSection user={user} />
          <PasswordSection userId={user.id} />
          <EmailSection userId={user.id} />
          <BillingSection userId={user.id} />
          <ApiKeysSection userId={user.id} apiAccess={apiAccess} />
          <WebhooksSection userId={user.id} />
          <AppearanceSection />
          <DangerZone user={user} />
        </div>
      </div>
    </div>
  );
}
