import { usePublicSettings } from '../../hooks/use-public-settings.ts';

/** The administrators' maintenance notice (admin settings), above every page while it is set. */
export function MaintenanceBanner() {
  const notice = usePublicSettings().data?.maintenance_notice.trim();
  if (!notice) return null;
  return (
    // The admins' own words, in whatever language they wrote: its punctuation stays with it on RTL pages.
    <div className="maintenance-banner" role="status" dir="auto">
      {notice}
    </div>
  );
}
