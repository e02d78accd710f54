-- French full-text search with accents ignored, on PGlite (its unaccent contrib, loaded by db/client.ts) as on
-- PostgreSQL (unaccent ships with the server and is a trusted extension: the database's owner may create it).
CREATE EXTENSION IF NOT EXISTS unaccent WITH SCHEMA public;--> statement-breakpoint
-- french with the accents taken off first: immutable, so a generated column and its index can use it (the function
-- unaccent() alone is not).
CREATE TEXT SEARCH CONFIGURATION public.french_unaccent (COPY = pg_catalog.french);--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION public.french_unaccent
  ALTER MAPPING FOR hword, hword_part, word WITH public.unaccent, pg_catalog.french_stem;
