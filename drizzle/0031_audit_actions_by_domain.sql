-- The journal speaks the glossary: an inbox item's actions were request.*, a staff member's were split between team.*
-- (done by an admin) and staff.* (done by the member). Earlier entries are renamed so that one filter finds them all;
-- only the words change, never who did what or when. The append-only trigger is lifted for this one statement set.
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'inbox.' || substr("action", 9) WHERE "action" LIKE 'request.%';--> statement-breakpoint
UPDATE "audit_log" SET "entity" = 'inbox_item' WHERE "entity" = 'request';--> statement-breakpoint
UPDATE "audit_log" SET "action" = 'staff.' || substr("action", 6) WHERE "action" LIKE 'team.%';--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";
