CREATE TABLE "community"."appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"author_id" integer NOT NULL,
	"message" text NOT NULL,
	"taken_down_at" timestamp (3) with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
ALTER TABLE "community"."appeals" ADD CONSTRAINT "appeals_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appeals_once_idx" ON "community"."appeals" USING btree ("post_id","taken_down_at");--> statement-breakpoint
CREATE INDEX "appeals_queue_idx" ON "community"."appeals" USING btree ("status","created_at","id");