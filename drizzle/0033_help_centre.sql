CREATE TYPE "public"."help_answer" AS ENUM('yes', 'no', 'solved');--> statement-breakpoint
CREATE TYPE "public"."help_category" AS ENUM('windows', 'mac', 'internet', 'imprimantes', 'messagerie', 'securite', 'sauvegarde', 'abonnement');--> statement-breakpoint
CREATE TYPE "public"."help_status" AS ENUM('draft', 'published');--> statement-breakpoint
CREATE TABLE "help_article_views" (
	"article_id" integer PRIMARY KEY NOT NULL,
	"views" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_articles" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"summary" text NOT NULL,
	"body" text NOT NULL,
	"body_text" text NOT NULL,
	"category" "help_category" NOT NULL,
	"status" "help_status" DEFAULT 'draft' NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('public.french_unaccent'::regconfig, title), 'A') || setweight(to_tsvector('public.french_unaccent'::regconfig, summary), 'B') || setweight(to_tsvector('public.french_unaccent'::regconfig, body_text), 'C')) STORED NOT NULL,
	"created_by" integer,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	CONSTRAINT "help_articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "help_failed_searches" (
	"query" text PRIMARY KEY NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "help_feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"article_id" integer NOT NULL,
	"answer" "help_answer" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "help_article_views" ADD CONSTRAINT "help_article_views_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_created_by_staff_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_articles" ADD CONSTRAINT "help_articles_updated_by_staff_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_feedback" ADD CONSTRAINT "help_feedback_article_id_help_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."help_articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "help_articles_search_idx" ON "help_articles" USING gin ("search");--> statement-breakpoint
CREATE INDEX "help_articles_status_idx" ON "help_articles" USING btree ("status");--> statement-breakpoint
CREATE INDEX "help_failed_searches_count_idx" ON "help_failed_searches" USING btree ("count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "help_feedback_article_idx" ON "help_feedback" USING btree ("article_id");