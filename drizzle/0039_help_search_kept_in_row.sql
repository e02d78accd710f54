-- Every search reads each matching article's tsvector to rank it. Stored the default way it went out of the row (the
-- toaster moves the largest value first, and a tsvector hardly compresses), so ranking fetched a TOAST chunk per
-- article. MAIN keeps it in the row: the body and its text, read only to show an article, go out of the row instead.
ALTER TABLE "help_articles" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
-- Rows already written keep their old layout until they are written again.
UPDATE "help_articles" SET "title" = "title";
