import { z } from "zod";
import { say } from "./errors";
import { moneyOut } from "./primitives";

/** How many direct referrals one downline call answers at most, and by default. */
export const DOWNLINE_MAX_LIMIT = 500;
export const DOWNLINE_DEFAULT_LIMIT = 100;
/** Members one downline call answers at most over all its levels (deeper parents beyond it stay closed). */
export const DOWNLINE_MAX_NODES = 2000;

/**
 * GET users/{id}/downline: the member's direct referrals (`depth` 1), or down
 * to three levels; each parent's children in user_id order, at most `_limit`
 * of them, the first level starting after user id `after` ("Show more").
 * X-Total-Count: the member's direct referrals (their down_line).
 */
const DEPTH_MESSAGE = say("depth_range", {}, "Depth must be 1, 2 or 3.");

export const downlineQuery = z.object({
  depth: z.coerce
    .number({ error: DEPTH_MESSAGE })
    .int(DEPTH_MESSAGE)
    .min(1, DEPTH_MESSAGE)
    .max(3, DEPTH_MESSAGE)
    .default(1),
  after: z.coerce.number().int().min(0).max(2_147_483_647).optional(),
  _limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(
      DOWNLINE_MAX_LIMIT,
      say(
        "too_many_members",
        { max: DOWNLINE_MAX_LIMIT },
        `At most ${DOWNLINE_MAX_LIMIT} members a call.`,
      ),
    )
    .default(DOWNLINE_DEFAULT_LIMIT),
});
export type DownlineQuery = z.input<typeof downlineQuery>;

/** One member of the referral tree as the genealogy screen shows it. */
export const genealogyNode = z.object({
  user_id: z.number(),
  username: z.string(),
  membership: z.number(),
  membership_name: z.string().nullable(),
  down_line: z.number(),
  ttl_pv: moneyOut,
  referral_of: z.number().nullable(),
  /** True when the member refers anyone (down_line above 0): the node can be opened. */
  has_children: z.boolean(),
  /**
   * Downline: 1 for the member's direct referrals, 2 for theirs, and so on.
   * Upline: 0 for the root of the tree, counting down to the member.
   */
  level: z.number(),
});
export type GenealogyNode = z.infer<typeof genealogyNode>;

/** GET users/{id}/upline: the path from the root of the tree down to the member, both included. */
export const uplinePath = genealogyNode.array();
