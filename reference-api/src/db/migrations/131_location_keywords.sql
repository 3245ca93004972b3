-- A location's keyword is a code, unique across all organizations ignoring case (ADR 031, issue 25): 1 to 32
-- letters, digits, '-' and '_', starting with a letter or digit, stored in capitals (app/domain/location-keyword.ts;
-- the API checks it first, with the product's messages, and answers 409 for one in use).
-- Keywords stored before: trimmed and in capitals; one that is not a code is removed; of equal ones, the oldest
-- location keeps it.
UPDATE locations SET keyword = upper(btrim(keyword)) WHERE keyword IS NOT NULL AND keyword <> upper(btrim(keyword));
UPDATE locations SET keyword = NULL WHERE keyword IS NOT NULL AND keyword !~ '^[A-Z0-9][A-Z0-9_-]{0,31}$';
UPDATE locations l SET keyword = NULL
 WHERE l.keyword IS NOT NULL
   AND EXISTS (SELECT 1 FROM locations o WHERE o.keyword = l.keyword AND (o.created_at, o.id) < (l.created_at, l.id));
ALTER TABLE locations ADD CONSTRAINT locations_keyword_code CHECK (keyword ~ '^[A-Z0-9][A-Z0-9_-]{0,31}$');
CREATE UNIQUE INDEX locations_keyword_unique ON locations (keyword);
