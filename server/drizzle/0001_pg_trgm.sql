-- Trigram matching for the lists' "contains" search (the GIN indexes of 0002).
-- A trusted extension since PostgreSQL 13: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
