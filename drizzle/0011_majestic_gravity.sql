ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_intervention_closed';--> statement-breakpoint
ALTER TYPE "public"."mail_kind" ADD VALUE 'staff_intervention_rating';--> statement-breakpoint
CREATE TABLE "intervention_ratings" (
	"intervention_id" integer PRIMARY KEY NOT NULL,
	"stars" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "intervention_ratings_stars_check" CHECK ("intervention_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "intervention_ratings" ADD CONSTRAINT "intervention_ratings_intervention_id_interventions_id_fk" FOREIGN KEY ("intervention_id") REFERENCES "public"."interventions"("id") ON DELETE cascade ON UPDATE no action;