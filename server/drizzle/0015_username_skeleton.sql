-- Hand-written (docs/decisions/confusable-names.md): a
-- username's confusable skeleton (after Unicode UTS #39, for the letters that
-- pass for Latin ones: Cyrillic, Greek, dotless i, digits 0 and 1, "rn"), kept
-- on the row by a trigger and unique, so no account can take a name that looks
-- like another's, whatever path writes the row.
-- skeleton = NFKC, NFD, map, lower case, map again, "rn" -> "m". Mapping before
-- lower case catches capitals ("ВАТ" passes for "BAT"); after, small letters.
CREATE FUNCTION "username_skeleton"(name text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(
    translate(
      lower(translate(normalize(normalize(name, NFKC), NFD), 'АВЕЗКМНОРСТУХЅІЈҮӀаеорсухѕіјԁԛԝһӏүзΑΒΕΖΗΙΚΜΝΟΡΤΥΧαονιρυχϲγıɑɡ01|', 'ABE3KMHOPCTYXSIJYlaeopcyxsijdqwhly3ABEZHIKMNOPTYXaovipuxcyiagoll')),
      'АВЕЗКМНОРСТУХЅІЈҮӀаеорсухѕіјԁԛԝһӏүзΑΒΕΖΗΙΚΜΝΟΡΤΥΧαονιρυχϲγıɑɡ01|', 'ABE3KMHOPCTYXSIJYlaeopcyxsijdqwhly3ABEZHIKMNOPTYXaovipuxcyiagoll'),
    'rn', 'm')
$$;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_skeleton" text;--> statement-breakpoint
-- Backfill: of names that already look alike, the oldest account keeps the
-- skeleton and the others keep none until they are renamed (nothing is lost).
UPDATE "users" u SET "username_skeleton" = s.skeleton
FROM (
  SELECT user_id, "username_skeleton"(username) AS skeleton,
    row_number() OVER (PARTITION BY "username_skeleton"(username) ORDER BY user_id) AS n
  FROM "users"
) s
WHERE s.user_id = u.user_id AND s.n = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_skeleton_key" ON "users" USING btree ("username_skeleton");--> statement-breakpoint
CREATE FUNCTION "users_username_skeleton"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.username IS DISTINCT FROM OLD.username THEN
    NEW.username_skeleton := "username_skeleton"(NEW.username);
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_username_skeleton" BEFORE INSERT OR UPDATE OF "username" ON "users"
FOR EACH ROW EXECUTE FUNCTION "users_username_skeleton"();
