CREATE TABLE "provider_intents" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"order_id" integer NOT NULL,
	"request" jsonb NOT NULL,
	"status" text DEFAULT 'asked' NOT NULL,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_intents_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "provider_intents" ADD CONSTRAINT "provider_intents_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "provider_intents_order_idx" ON "provider_intents" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "provider_intents_asked_idx" ON "provider_intents" USING btree ("created_at") WHERE "provider_intents"."status" = 'asked';