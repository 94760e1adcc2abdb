// A plan's name as the shell shows it, for the billing section's parts.
import { useTranslation } from 'react-i18next';

/** "Premium", "Ultimate"… in the page language (the shell's plan names); an unknown plan as it is. */
export function usePlanName() {
  const { t } = useTranslation('settings');
  return (plan: string) =>
    t(`plans.${plan}.name`, {
      ns: 'translation',
      defaultValue: plan.charAt(0).toUpperCase() + plan.slice(1),
    });
}
