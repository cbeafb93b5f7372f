import { asc } from "drizzle-orm";
import type { Tx } from "../../db/client";
import { currencies, genders, languages, roles } from "../../db/schema";

/** The lists the user form's selects choose from, in their seeded order. */
export const lookups = {
  genders: (db: Tx) => db.select().from(genders).orderBy(asc(genders.gender_id)),
  roles: (db: Tx) => db.select().from(roles).orderBy(asc(roles.role_id)),
  languages: (db: Tx) => db.select().from(languages).orderBy(asc(languages.language_id)),
  currencies: (db: Tx) => db.select().from(currencies).orderBy(asc(currencies.currency_id)),
};
