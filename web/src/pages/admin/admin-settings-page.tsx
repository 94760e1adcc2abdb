// /admin/settings: the system settings (guest generation limit, maintenance notice, default model, tags
// per post). Checked here with the service's own limits, saved in one call, applied without a restart.
import { useTranslation } from 'react-i18next';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useSystemSettings } from '../../hooks/use-admin-settings.ts';
import { AdminLayout } from './admin-layout.tsx';
import { LoadError, SkeletonList } from './admin-states.tsx';
import { SystemSettingsForm } from './system-settings-form.tsx';
import './admin-settings.css';

export default function AdminSettingsPage() {
  return (
    <NamespaceGate namespace="admin">
      <Settings />
    </NamespaceGate>
  );
}

function Settings() {
  const { t } = useTranslation('admin');
  const settings = useSystemSettings();
  return (
    <AdminLayout title={t('settings.title')} intro={t('settings.intro')}>
      {settings.data ? (
        <SystemSettingsForm saved={settings.data} />
      ) : settings.isError ? (
        <LoadError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <SkeletonList rows={4} height={96} />
      )}
    </AdminLayout>
  );
}
