CREATE TABLE "community"."likes" (
	"post_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_post_id_user_id_pk" PRIMARY KEY("post_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "community"."moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"post_id" uuid NOT NULL,
	"report_id" uuid,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "community"."post_views" (
	"post_id" uuid NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "post_views_post_id_viewer_day_pk" PRIMARY KEY("post_id","viewer","day")
);
--> statement-breakpoint
CREATE TABLE "community"."reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"reporter_id" integer NOT NULL,
	"reporter_name" text DEFAULT '' NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp (3) with time zone,
	"resolved_by" integer
);
--> statement-breakpoint
CREATE TABLE "community"."view_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "author_avatar" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "source_item_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "negative_prompt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "model" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "options" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "image_width" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "image_height" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "image_flagged" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "hot_score" double precision GENERATED ALWAYS AS (log(greatest("likes", 1)::double precision) + extract(epoch from ("created_at" at time zone 'UTC'))::double precision / 45000) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "hidden_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "community"."posts" ADD COLUMN "author_banned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "community"."likes" ADD CONSTRAINT "likes_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."post_views" ADD CONSTRAINT "post_views_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community"."reports" ADD CONSTRAINT "reports_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "community"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "likes_user_idx" ON "community"."likes" USING btree ("user_id","created_at","post_id");--> statement-breakpoint
CREATE INDEX "likes_created_idx" ON "community"."likes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "moderation_actions_post_idx" ON "community"."moderation_actions" USING btree ("post_id","created_at");--> statement-breakpoint
CREATE INDEX "post_views_day_idx" ON "community"."post_views" USING btree ("day");--> statement-breakpoint
CREATE UNIQUE INDEX "reports_open_once_idx" ON "community"."reports" USING btree ("post_id","reporter_id") WHERE "status" = 'open';--> statement-breakpoint
CREATE INDEX "reports_queue_idx" ON "community"."reports" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_reporter_idx" ON "community"."reports" USING btree ("reporter_id","created_at","id");--> statement-breakpoint
CREATE INDEX "reports_created_idx" ON "community"."reports" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "posts_latest_idx" ON "community"."posts" USING btree ("created_at","id") WHERE "hidden_at" IS NULL AND "author_banned" = false;--> statement-breakpoint
CREATE INDEX "posts_popular_idx" ON "community"."posts" USING btree ("hot_score","id") WHERE "hidden_at" IS NULL AND "author_banned" = false;--> statement-breakpoint
CREATE INDEX "posts_tags_idx" ON "community"."posts" USING gin ("tags") WHERE "hidden_at" IS NULL AND "author_banned" = false;--> statement-breakpoint
CREATE INDEX "posts_author_idx" ON "community"."posts" USING btree ("author_id","created_at","id");