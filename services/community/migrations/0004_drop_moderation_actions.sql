-- moderation_actions was the moderators' record before audit_log (0002) replaced it. Its rows from before
-- audit_log have no entry there: they are copied over first (written by hand; drizzle-kit generated only the
-- DROP). A row written since has its twin in audit_log from the same transaction (same actor, action,
-- target and now()), so it is skipped. What the old table never kept (titles, earlier states) stays null.
INSERT INTO "community"."audit_log" ("actor_id", "action", "target_type", "target_id", "before", "after", "created_at")
SELECT m."admin_id", c."action", c."target_type", c."target_id", c."before", c."after", m."created_at"
FROM "community"."moderation_actions" m
CROSS JOIN LATERAL (
  SELECT
    CASE m."action"
      WHEN 'approve_report' THEN 'report.approve'
      WHEN 'reject_report' THEN 'report.reject'
      WHEN 'reopen_report' THEN 'report.reopen'
      WHEN 'hide_post' THEN 'post.hide'
      WHEN 'restore_post' THEN 'post.restore'
      WHEN 'delete_post' THEN 'post.delete'
      WHEN 'restore_appeal' THEN 'appeal.restore'
      WHEN 'uphold_appeal' THEN 'appeal.uphold'
      ELSE m."action"
    END AS "action",
    CASE
      WHEN m."action" LIKE '%\_report' AND m."report_id" IS NOT NULL THEN 'report'
      WHEN m."action" LIKE '%\_appeal' THEN 'appeal'
      ELSE 'post'
    END AS "target_type",
    -- An appeal's decision named only its post: the appeal is the one this admin resolved in that transaction.
    CASE
      WHEN m."action" LIKE '%\_report' AND m."report_id" IS NOT NULL THEN m."report_id"::text
      WHEN m."action" LIKE '%\_appeal' THEN coalesce(
        (SELECT a."id"::text FROM "community"."appeals" a
          WHERE a."post_id" = m."post_id" AND a."resolved_by" = m."admin_id" AND a."resolved_at" = m."created_at"
          LIMIT 1),
        m."post_id"::text)
      ELSE m."post_id"::text
    END AS "target_id",
    CASE m."action"
      WHEN 'approve_report' THEN jsonb_build_object('status', 'open', 'post_id', m."post_id")
      WHEN 'reject_report' THEN jsonb_build_object('status', 'open', 'post_id', m."post_id")
      WHEN 'reopen_report' THEN jsonb_build_object('status', 'dismissed', 'post_id', m."post_id")
      WHEN 'restore_appeal' THEN jsonb_build_object('status', 'open', 'post_id', m."post_id")
      WHEN 'uphold_appeal' THEN jsonb_build_object('status', 'open', 'post_id', m."post_id")
    END AS "before",
    CASE m."action"
      WHEN 'approve_report' THEN jsonb_build_object('status', 'actioned', 'post_id', m."post_id", 'post_hidden', true)
      WHEN 'reject_report' THEN jsonb_build_object('status', 'dismissed', 'post_id', m."post_id")
      WHEN 'reopen_report' THEN jsonb_build_object('status', 'open', 'post_id', m."post_id")
      WHEN 'hide_post' THEN jsonb_build_object('hidden', true)
      WHEN 'restore_post' THEN jsonb_build_object('hidden', false)
      WHEN 'restore_appeal' THEN jsonb_build_object('status', 'restored', 'post_id', m."post_id")
      WHEN 'uphold_appeal' THEN jsonb_build_object('status', 'upheld', 'post_id', m."post_id")
    END AS "after"
) c
WHERE NOT EXISTS (
  SELECT 1 FROM "community"."audit_log" l
  WHERE l."actor_id" = m."admin_id" AND l."action" = c."action" AND l."created_at" = m."created_at"
    AND (l."target_id" = c."target_id" OR l."after"->>'post_id' = m."post_id"::text)
);--> statement-breakpoint
DROP TABLE "community"."moderation_actions" CASCADE;
