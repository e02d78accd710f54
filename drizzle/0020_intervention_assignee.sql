ALTER TABLE "interventions" ADD COLUMN "assigned_staff_id" integer;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "interventions" ADD CONSTRAINT "interventions_assigned_staff_id_staff_users_id_fk" FOREIGN KEY ("assigned_staff_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interventions_assignee_idx" ON "interventions" USING btree ("assigned_staff_id");