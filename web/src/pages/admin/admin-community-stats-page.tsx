// /admin/community-stats: how the gallery is doing. Posts, likes and reports per day, and the top tags.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { DayCount } from '../../api/admin.ts';
import { FlagIcon, ImageIcon, SparklesIcon } from '../../components/icons.tsx';
import { NamespaceGate } from '../../components/namespace-gate.tsx';
import { useCommunityStats } from '../../hooks/use-admin-stats.ts';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { formatCount } from './admin-format.ts';
import { AdminLayout } from './admin-layout.tsx';
import { type Period, PeriodPicker } from './admin-period.tsx';
import { LoadError, SkeletonList } from './admin-states.tsx';
import { BarChart } from './charts/bar-chart.tsx';
import { LineChart } from './charts/line-chart.tsx';
import { StatCard, StatCardSkeleton } from './stat-card.tsx';
import { TopTags } from './top-tags.tsx';
import './admin-stats.css';

export default function AdminCommunityStatsPage() {
  return (
    <NamespaceGate namespace="admin">
      <CommunityStats />
    </NamespaceGate>
  );
}

function CommunityStats() {
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language;
  const appLocale = useLocale();
  const [period, setPeriod] = useState<Period>('30');
  const stats = useCommunityStats(Number(period));
  const data = stats.data;
  const count = (value: number) => formatCount(value, locale);
  const periodTotal = (series: DayCount[]) => (
    <span className="admin-section__hint">
      {t('charts.periodTotal', { value: count(series.reduce((sum, day) => sum + day.count, 0)) })}
    </span>
  );

  return (
    <AdminLayout
      title={t('communityStats.title')}
      intro={t('communityStats.intro')}
      actions={<PeriodPicker value={period} onChange={setPeriod} />}
    >
      <section aria-label={t('communityStats.numbersLabel')}>
        {data ? (
          <dl className="stat-cards stat-cards--3">
            <StatCard
              icon={<ImageIcon />}
              label={t('communityStats.totalPosts')}
              value={count(data.total_posts)}
              note={t('dashboard.totalPostsNote')}
            />
            <StatCard
              icon={<SparklesIcon />}
              label={t('communityStats.totalLikes')}
              value={count(data.total_likes)}
            />
            <StatCard
              icon={<FlagIcon />}
              label={t('communityStats.openReports')}
              value={count(data.open_reports)}
              note={
                data.open_reports > 0
                  ? t('communityStats.openReportsNote')
                  : t('communityStats.noOpenReports')
              }
            />
          </dl>
        ) : stats.isError ? (
          <LoadError error={stats.error} onRetry={() => void stats.refetch()} />
        ) : (
          <div className="stat-cards stat-cards--3" role="status">
            <span className="visually-hidden">{t('common.loading')}</span>
            {[0, 1, 2].map((index) => (
              <StatCardSkeleton key={index} />
            ))}
          </div>
        )}
        {data && data.open_reports > 0 ? (
          <p className="admin-section__hint admin-stats-link">
            <Link to={localizedPath(appLocale, '/admin/reports')}>{t('communityStats.reviewReports')}</Link>
          </p>
        ) : null}
      </section>

      {data ? (
        <>
          <div className="admin-card">
            <BarChart
              title={t('communityStats.postsChart')}
              seriesLabel={t('communityStats.postsSeries')}
              points={data.posts_per_day}
              aside={periodTotal(data.posts_per_day)}
            />
          </div>
          <div className="admin-grid-2">
            <div className="admin-card">
              <LineChart
                title={t('communityStats.likesChart')}
                seriesLabel={t('communityStats.likesSeries')}
                points={data.likes_per_day}
                tone="rose"
                aside={periodTotal(data.likes_per_day)}
              />
            </div>
            <div className="admin-card">
              <BarChart
                title={t('communityStats.reportsChart')}
                seriesLabel={t('communityStats.reportsSeries')}
                points={data.reports_per_day}
                tone="amber"
                aside={periodTotal(data.reports_per_day)}
              />
            </div>
          </div>
          <section className="admin-card admin-section" aria-labelledby="top-tags-title">
            <div className="admin-section__head">
              <h2 id="top-tags-title" className="admin-section__title">
                {t('communityStats.topTags')}
              </h2>
              <p className="admin-section__hint">{t('communityStats.topTagsHint')}</p>
            </div>
            <TopTags tags={data.top_tags} />
          </section>
        </>
      ) : stats.isPending ? (
        <SkeletonList rows={2} height={260} />
      ) : null}
    </AdminLayout>
  );
}
