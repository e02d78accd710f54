CREATE TYPE "public"."device_status" AS ENUM('pending', 'verified', 'refused', 'retired');--> statement-breakpoint
CREATE TYPE "public"."device_type" AS ENUM('windows-pc', 'windows-laptop', 'mac-desktop', 'macbook', 'windows-tablet', 'other');--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'device_proof_requested';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'device_verified';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'device_refused';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_device_proof';--> statement-breakpoint
CREATE TABLE "device_proofs" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_id" integer NOT NULL,
	"name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"device_type" "device_type" NOT NULL,
	"device_info" text NOT NULL,
	"status" "device_status" DEFAULT 'pending' NOT NULL,
	"proof_requested" boolean DEFAULT false NOT NULL,
	"proof_message" text,
	"refusal_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "interventions" ADD COLUMN "device_id" integer;--> statement-breakpoint
ALTER TABLE "device_proofs" ADD CONSTRAINT "device_proofs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_proofs_device_idx" ON "device_proofs" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "devices_client_idx" ON "devices" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "devices_status_idx" ON "devices" USING btree ("status");--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;