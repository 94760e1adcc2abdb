CREATE SCHEMA "jobs";
--> statement-breakpoint
CREATE TABLE "jobs"."jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"status" text NOT NULL,
	"options" jsonb NOT NULL,
	"priority" integer NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_code" text,
	"error_message" text,
	"inference_ms" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "jobs_user_created_idx" ON "jobs"."jobs" USING btree ("user_id","created_at");