CREATE TABLE "billing"."checkouts" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"provider" text NOT NULL,
	"provider_session_id" text,
	"checkout_url" text,
	"status" text DEFAULT 'open' NOT NULL,
	"success_url" text NOT NULL,
	"order_id" text NOT NULL,
	"customer_id" text DEFAULT '' NOT NULL,
	"subscription_ref" text DEFAULT '' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp (3) with time zone,
	CONSTRAINT "checkouts_provider_session_id_unique" UNIQUE("provider_session_id"),
	CONSTRAINT "checkouts_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
CREATE TABLE "billing"."customers" (
	"user_id" integer NOT NULL,
	"provider" text NOT NULL,
	"provider_customer_id" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"subscription_id" integer,
	"checkout_id" text,
	"order_id" text NOT NULL,
	"plan_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"provider" text NOT NULL,
	"provider_ref" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_provider_ref_unique" UNIQUE("provider_ref")
);
--> statement-breakpoint
CREATE TABLE "billing"."provider_events" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	"received_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "billing"."support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"message" text NOT NULL,
	"plan" text NOT NULL,
	"plan_rank" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "billing"."subscriptions_user_idx";--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ALTER COLUMN "current_period_end" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ALTER COLUMN "created_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ALTER COLUMN "account_deleted_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "provider" text DEFAULT 'test' NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "provider_subscription_id" text;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "cancel_at_period_end" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "provider_state_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD COLUMN "checkout_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_user_request_idx" ON "billing"."checkouts" USING btree ("user_id","request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_user_provider_idx" ON "billing"."customers" USING btree ("user_id","provider");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_provider_customer_idx" ON "billing"."customers" USING btree ("provider","provider_customer_id");--> statement-breakpoint
CREATE INDEX "payments_user_idx" ON "billing"."payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "support_requests_order_idx" ON "billing"."support_requests" USING btree ("plan_rank" DESC,"created_at" DESC);--> statement-breakpoint
CREATE INDEX "subscriptions_user_idx" ON "billing"."subscriptions" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "billing"."subscriptions" ADD CONSTRAINT "subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id");