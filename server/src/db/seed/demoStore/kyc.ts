/**
 * The demo store's KYC (docs/decisions/kyc.md): most members and agents
 * verified, some pending, a few rejected, the rest never asked, so a store
 * that turns the KYC rule on sees approvals both pass and refused. Set-based
 * (one statement at any size) and the same on every run: each member's lot
 * and identity number follow from their id and date of birth, never the PRNG,
 * so the rest of the store is drawn as before.
 */
import { sql } from "drizzle-orm";
import type { Tx } from "../../client";

/** Of every ten members by id: six verified, one pending, one rejected, two never asked. */
export async function seedDemoKyc(tx: Tx): Promise<void> {
  await tx.execute(sql`
    insert into user_kyc (user_id, status, nric, tin, bank_holder_name, reason, verified_at, updated_at)
    select k.user_id, k.status,
      -- YYMMDD of their birth (or 1 January 1990), a state code 01-14, four digits of their id.
      to_char(coalesce(k."DOB", date '1990-01-01'), 'YYMMDD')
        || lpad((k.user_id % 14 + 1)::text, 2, '0') || lpad((k.user_id % 10000)::text, 4, '0'),
      'IG' || lpad(k.user_id::text, 11, '0'),
      upper(k.f_name || ' ' || k.l_name),
      case when k.status = 'rejected' then 'The picture of the identity card cannot be read.' else '' end,
      case when k.status = 'verified' then now() end,
      now()
    from (
      select u.user_id, u."DOB", u.f_name, u.l_name,
        case when u.user_id % 10 < 6 then 'verified' when u.user_id % 10 = 6 then 'pending'
          else 'rejected' end as status
      from users u
      where u.role in ('Member', 'Agent') and u.user_id % 10 < 8
    ) as k
    on conflict (user_id) do nothing`);
}
