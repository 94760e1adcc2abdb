// The period the statistics pages chart: the last 7, 30 or 90 days (the server keeps a year).
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../components/choice-group.tsx';

export const PERIODS = ['7', '30', '90'] as const;
export type Period = (typeof PERIODS)[number];

export function PeriodPicker({ value, onChange }: { value: Period; onChange: (value: Period) => void }) {
  const { t } = useTranslation('admin');
  return (
    <ChoiceGroup
      legend={t('period.label')}
      name="admin-period"
      variant="segmented"
      value={value}
      onChange={onChange}
      choices={PERIODS.map((days) => ({ value: days, label: t(`period.d${days}`) }))}
    />
  );
}
