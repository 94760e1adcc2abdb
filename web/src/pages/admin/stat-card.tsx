import type { ReactNode } from 'react';

/** One headline number with what it counts; a term/definition pair inside the page's list of cards. */
export function StatCard({
  label,
  value,
  note,
  icon,
}: {
  label: string;
  value: string;
  note?: string;
  icon: ReactNode;
}) {
  return (
    <div className="stat-card">
      <dt className="stat-card__label">
        <span className="stat-card__icon" aria-hidden="true">
          {icon}
        </span>
        {label}
      </dt>
      <dd className="stat-card__value">{value}</dd>
      {note ? <dd className="stat-card__note">{note}</dd> : null}
    </div>
  );
}

export function StatCardSkeleton() {
  return (
    <div className="stat-card stat-card--skeleton" aria-hidden="true">
      <span className="admin-skeleton" style={{ blockSize: 18, inlineSize: '60%' }} />
      <span className="admin-skeleton stat-card__value" />
    </div>
  );
}
