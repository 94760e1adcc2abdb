ALTER TABLE "auth"."users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "auth"."users" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "users_last_seen_idx" ON "auth"."users" USING btree ("last_seen_at");