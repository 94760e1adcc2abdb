// /admin: the dashboard. Headline numbers, generations, sign-ups and upscales per day, and the latest
// sales and support requests.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DayCount } from '../../api/admin.ts';
import { ImageIcon, SparklesIcon, UserIcon, UsersIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useAdminStats } from '../../hooks/use-admin-stats.ts';
import { formatCount } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { type Period, PeriodPicker } from './admin-period.tsx';
import { LoadError, SkeletonList } from './admin-states.tsx';
import { BarChart } from './charts/bar-chart.tsx';
import { LineChart } from './charts/line-chart.tsx';
import { StatCard, StatCardSkeleton } from './stat-card.tsx';
import { SupportRequests } from './support-requests.tsx';
import './admin-stats.css';

export default function AdminDashboardPage() {
  return (
    <NamespaceGate namespace="admin">
      <Dashboard />
    </NamespaceGate>
  );
}

function Dashboard() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const [period, setPeriod] = useState<Period>('30');
  const days = Number(period);
  const stats = useAdminStats(days);
  const data = stats.data;
  const count = (value: number) => formatCount(value, locale);
  const total = (series: DayCount[]) => series.reduce((sum, day) => sum + day.count, 0);
  const periodTotal = (series: DayCount[]) => (
    <span className="admin-section__hint">{t('charts.periodTotal', { value: count(total(series)) })}</span>
  );

  return (
    <AdminLayout
      title={t('dashboard.title')}
      intro={t('dashboard.intro')}
      actions={<PeriodPicker value={period} onChange={setPeriod} />}
    >
      <section aria-label={t('dashboard.numbersLabel')}>
        {data ? (
          <dl className="stat-cards">
            <StatCard
              icon={<UsersIcon />}
              label={t('dashboard.totalUsers')}
              value={count(data.total_users)}
              note={t('dashboard.totalUsersNote')}
            />
            <StatCard
              icon={<UserIcon />}
              label={t('dashboard.activeUsers')}
              value={count(data.active_users_30d)}
              note={t('dashboard.activeUsersNote')}
            />
            <StatCard
              icon={<SparklesIcon />}
              label={t('dashboard.newUsers')}
              value={count(data.new_users_7d)}
              note={t('dashboard.newUsersNote')}
            />
            <StatCard
              icon={<ImageIcon />}
              label={t('dashboard.totalPosts')}
              value={count(data.total_posts)}
              note={t('dashboard.totalPostsNote')}
            />
          </dl>
        ) : stats.isError ? (
          <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <div className="stat-cards" role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
            {[0, 1, 2, 3].map((index) => (
              <StatCardSkeleton key={index} />
            ))}
          </div>
        )}
      </section>

      {data ? (
        <>
          <div className="admin-card">
            <BarChart
              title={t('dashboard.generationsChart')}
              seriesLabel={t('dashboard.generationsSeries')}
              points={data.generations_per_day}
              aside={periodTotal(data.generations_per_day)}
            />
          </div>
          <div className="admin-grid-2">
            <div className="admin-card">
              <LineChart
                title={t('dashboard.signupsChart')}
                seriesLabel={t('dashboard.signupsSeries')}
                points={data.signups_per_day}
                aside={periodTotal(data.signups_per_day)}
              />
            </div>
            <div className="admin-card">
              <BarChart
                title={t('dashboard.upscalesChart')}
                seriesLabel={t('dashboard.upscalesSeries')}
                points={data.upscales_per_day}
                tone="cyan"
                aside={periodTotal(data.upscales_per_day)}
              />
            </div>
          </div>
        </>
      ) : stats.isPending ? (
        <SkeletonList rows={2} height={260} />
      ) : null}

      <SupportRequests />
    </AdminLayout>
  );
}
