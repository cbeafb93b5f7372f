import { users } from "../../db/schema";
import { phoneDigitsOf } from "../../lib/phones";

/**
 * What a member is searched by, wherever a list searches members (users,
 * wallets, withdrawal requests): the phone by its digits (lib/phones.ts), in
 * the order of the users_search_grams index (migration 0016).
 */
export const userSearch = [
  users.username,
  users.f_name,
  users.l_name,
  users.email,
  phoneDigitsOf(users, "contact"),
];
