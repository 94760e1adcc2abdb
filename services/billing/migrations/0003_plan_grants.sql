ALTER TABLE "billing"."subscriptions" ADD COLUMN "granted_by" integer;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "grant_note" text;