/**
 * A member's KYC as other lists show it (docs/decisions/kyc.md): the status
 * and the identity number masked to its last 4 characters, one read of
 * user_kyc's key per row; never the number itself, so no list, sort, filter
 * or export can answer it.
 */
import { KYC_SHOWN_TAIL, type KycStatus } from "@store/contract";
import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { userKyc } from "../../db/schema";

/** An identity number masked in SQL, as maskIdNumber does it. */
export function maskedSql(value: SQL | PgColumn): SQL {
  return sql`case when ${value} is null then null
    else repeat('*', greatest(length(${value}) - ${KYC_SHOWN_TAIL}, 0)) || right(${value}, ${KYC_SHOWN_TAIL}) end`;
}

/** The KYC status of the member `userId` names (none when never saved). */
export const kycStatusOf = (userId: PgColumn) =>
  sql<KycStatus>`coalesce((select ${userKyc.status} from ${userKyc}
    where ${userKyc.user_id} = ${userId}), 'none')`;

const maskedIdentity = maskedSql(sql`coalesce(${userKyc.nric}, ${userKyc.passport})`);

/** The users list's KYC columns: kyc_status and kyc_id (the masked number). */
export const kycUserColumns = (userId: PgColumn) => ({
  kyc_status: kycStatusOf(userId),
  kyc_id: sql<string | null>`(select ${maskedIdentity} from ${userKyc}
    where ${userKyc.user_id} = ${userId})`,
});
