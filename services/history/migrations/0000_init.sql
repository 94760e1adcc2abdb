CREATE SCHEMA "history";
--> statement-breakpoint
CREATE TABLE "history"."items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"prompt" text DEFAULT '' NOT NULL,
	"negative_prompt" text DEFAULT '' NOT NULL,
	"model" text DEFAULT '' NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"images" jsonb NOT NULL,
	"favorite" boolean DEFAULT false NOT NULL,
	"private" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "items_job_id_unique" UNIQUE("job_id")
);
--> statement-breakpoint
CREATE INDEX "items_user_type_created_idx" ON "history"."items" USING btree ("user_id","type","created_at","id");