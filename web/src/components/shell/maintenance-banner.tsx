import { usePublicSettings } from '../../hooks/use-public-settings.ts';

/** The administrators' maintenance notice (admin settings), above every page while it is set. */
export function MaintenanceBanner() {
  const notice = usePublicSettings().data?.maintenance_notice.trim();
  if (!notice) return null;
  return (
    <div className="maintenance-banner" role="status">
      {notice}
    </div>
  );
}
