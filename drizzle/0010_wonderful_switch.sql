CREATE TABLE "intervention_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "intervention_attachments" ADD CONSTRAINT "intervention_attachments_message_id_intervention_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."intervention_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "intervention_attachments_message_idx" ON "intervention_attachments" USING btree ("message_id");