-- The tag limit moves here from jobs.settings. Jobs keeps its own database, which no SQL here can read, so the
-- stored value is taken over at run time (settings.service.ts: the first read asks jobs once) and jobs'
-- column goes in a later release.
CREATE TABLE "community"."settings" (
	"id" integer PRIMARY KEY NOT NULL,
	"max_tags_per_post" integer DEFAULT 5 NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("community"."settings"."id" = 1)
);
