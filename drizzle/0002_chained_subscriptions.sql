ALTER TABLE "manual_orders" ADD COLUMN "starts_on" date;--> statement-breakpoint
ALTER TABLE "manual_orders" ADD COLUMN "ends_on" date;--> statement-breakpoint
CREATE INDEX "manual_orders_ends_on_idx" ON "manual_orders" USING btree ("ends_on");--> statement-breakpoint
CREATE UNIQUE INDEX "manual_orders_one_client_request_idx" ON "manual_orders" USING btree ("client_id") WHERE "manual_orders"."payment_status" = 'pending' and "manual_orders"."created_by" = 'client';--> statement-breakpoint
-- Orders placed before the client's account existed belong to that account (same e-mail, case-insensitive).
UPDATE "manual_orders" o SET "client_id" = c."id" FROM "clients" c
WHERE o."client_id" IS NULL AND o."email_key" = lower(c."email");--> statement-breakpoint
-- The periods of existing paid orders, by the rule of services/subscriptions.ts (chainSubscriptions): per client
-- (or per e-mail without an account), in order date then id order, each starts on its order date or the day after
-- the previous one ends, and ends the day before the same date N months later (the month's end when that date
-- does not exist).
WITH RECURSIVE "paid" AS (
  SELECT "id", "order_date",
         CASE "plan" WHEN 'basique' THEN 1 WHEN 'standard' THEN 3 WHEN 'etendue' THEN 6 ELSE 12 END AS "months",
         row_number() OVER (PARTITION BY coalesce('c' || "client_id", 'e' || "email_key") ORDER BY "order_date", "id") AS "n",
         coalesce('c' || "client_id", 'e' || "email_key") AS "owner"
  FROM "manual_orders" WHERE "payment_status" = 'paid'
), "chain" AS (
  SELECT p."owner", p."n", p."id", p."order_date" AS "starts_on",
         CASE WHEN extract(day FROM p."order_date" + make_interval(months => p."months")) < extract(day FROM p."order_date")
              THEN (p."order_date" + make_interval(months => p."months"))::date
              ELSE (p."order_date" + make_interval(months => p."months"))::date - 1 END AS "ends_on"
  FROM "paid" p WHERE p."n" = 1
  UNION ALL
  SELECT p."owner", p."n", p."id", s."starts_on",
         CASE WHEN extract(day FROM s."starts_on" + make_interval(months => p."months")) < extract(day FROM s."starts_on")
              THEN (s."starts_on" + make_interval(months => p."months"))::date
              ELSE (s."starts_on" + make_interval(months => p."months"))::date - 1 END
  FROM "chain" c
  JOIN "paid" p ON p."owner" = c."owner" AND p."n" = c."n" + 1
  CROSS JOIN LATERAL (SELECT greatest(p."order_date", c."ends_on" + 1) AS "starts_on") s
)
UPDATE "manual_orders" o SET "starts_on" = "chain"."starts_on", "ends_on" = "chain"."ends_on"
FROM "chain" WHERE o."id" = "chain"."id";
