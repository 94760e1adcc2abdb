// /admin/models: the models the workers offer (remove any but the built-ins), the catalogue to install
// from, any Hugging Face repository in the Optimum ONNX layout, live progress of those tasks (polled about
// once a second while one waits or runs), and the default model per kind.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AdminModels, ModelInfo } from '../../api/models.ts';
import { CubeIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useToast } from '../../components/toast.tsx';
import { useAdminModels, useInstallModel, useRemoveModel } from '../../hooks/use-admin-models.ts';
import { adminErrorText } from './admin-errors.ts';
import { AdminLayout } from './admin-layout.tsx';
import { EmptyState, LoadError, SkeletonList } from './admin-states.tsx';
import { ConfirmationDialog } from './confirmation-dialog.tsx';
import { InstallFromHub } from './install-from-hub.tsx';
import { CatalogueCard, InstalledModelCard } from './model-cards.tsx';
import { ModelDefaultsForm } from './model-defaults.tsx';
import { sortInstalled, taskFor } from './models-model.ts';
import { useConfirmedAction } from './use-confirmed-action.ts';
import './admin-settings.css';
import './admin-models.css';

export default function AdminModelsPage() {
  return (
    <NamespaceGate namespace="admin">
      <Models />
    </NamespaceGate>
  );
}

function Models() {
  const { t } = useTranslation('admin');
  const models = useAdminModels();
  return (
    <AdminLayout title={t('models.title')} intro={t('models.intro')}>
      {models.data ? (
        <ModelsContent data={models.data} />
      ) : models.isError ? (
        <LoadError error={models.error} onRetry={() => void models.refetch()} />
      ) : (
        <SkeletonList rows={4} height={120} />
      )}
    </AdminLayout>
  );
}

function ModelsContent({ data }: { data: AdminModels }) {
  const { t } = useTranslation('admin');
  const toast = useToast();
  const install = useInstallModel();
  const remove = useRemoveModel();
  const confirmation = useConfirmedAction();
  const [starting, setStarting] = useState<string | null>(null);

  const startInstall = async (model: string, title: string): Promise<boolean> => {
    setStarting(model);
    try {
      await install.mutateAsync(model);
      toast('success', t('models.installStarted', { title }));
      return true;
    } catch (error) {
      const text = adminErrorText(error, 'models.installFailed');
      toast('error', 'key' in text ? t(text.key) : text.text);
      return false;
    } finally {
      setStarting(null);
    }
  };

  const askRemove = (model: ModelInfo) =>
    confirmation.ask({
      request: {
        title: t('models.removeTitle', { title: model.title }),
        text: model.default ? t('models.removeDefaultText') : t('models.removeText'),
        confirmLabel: t('models.remove'),
        tone: 'danger',
        run: () => remove.mutateAsync(model.name),
      },
      success: t('models.removeStarted', { title: model.title }),
      fallbackKey: 'models.removeFailed',
    });

  const installed = sortInstalled(data.installed);
  const known = new Set([
    ...data.catalogue.map((entry) => entry.id),
    ...data.installed.map((model) => model.name),
  ]);
  const otherTasks = data.tasks.filter((task) => !known.has(task.model));

  return (
    <div className="models-page">
      <ModelDefaultsForm installed={data.installed} defaults={data.defaults} />

      <section className="admin-section" aria-labelledby="models-installed">
        <div className="admin-section__head">
          <h2 id="models-installed" className="admin-section__title">
            {t('models.installedTitle')}
          </h2>
          <p className="admin-section__hint">{t('models.installedHint')}</p>
        </div>
        {installed.length === 0 ? (
          <EmptyState icon={<CubeIcon />} title={t('models.noneInstalled')} />
        ) : (
          <ul className="model-list">
            {installed.map((model) => (
              <InstalledModelCard
                key={model.name}
                model={model}
                task={taskFor(model.name, data.tasks)}
                onRemove={askRemove}
              />
            ))}
          </ul>
        )}
      </section>

      <section className="admin-section" aria-labelledby="models-catalogue">
        <div className="admin-section__head">
          <h2 id="models-catalogue" className="admin-section__title">
            {t('models.catalogueTitle')}
          </h2>
          <p className="admin-section__hint">{t('models.catalogueHint')}</p>
        </div>
        {data.catalogue.length === 0 ? (
          <EmptyState icon={<CubeIcon />} title={t('models.catalogueEmpty')} />
        ) : (
          <ul className="model-list">
            {data.catalogue.map((entry) => (
              <CatalogueCard
                key={entry.id}
                entry={entry}
                task={taskFor(entry.id, data.tasks)}
                starting={starting === entry.id}
                onInstall={(chosen) => void startInstall(chosen.id, chosen.title)}
              />
            ))}
          </ul>
        )}
      </section>

      <InstallFromHub
        tasks={otherTasks}
        starting={starting !== null && !known.has(starting)}
        onInstall={(reference) => startInstall(reference, reference)}
      />
      <ConfirmationDialog confirmation={confirmation} />
    </div>
  );
}
