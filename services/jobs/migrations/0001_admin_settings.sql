CREATE TABLE "jobs"."settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"anonymous_generate_per_minute" integer,
	"maintenance_notice" text DEFAULT '' NOT NULL,
	"default_model" text DEFAULT '' NOT NULL,
	"max_tags_per_post" integer DEFAULT 5 NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("jobs"."settings"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "jobs_created_idx" ON "jobs"."jobs" USING btree ("created_at");