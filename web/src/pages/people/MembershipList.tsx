import { type Membership, REQUIREMENT_CONDITIONS } from "@store/contract";
import { memberships, users } from "../../api/people";
import {
  type Column,
  dateColumn,
  deleteAction,
  type ListFilter,
  RecordList,
  useRecordList,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";
import { plainNumber, requirementUnit, shownPercentage } from "./membershipDisplay";

const filters: ListFilter[] = [
  {
    kind: "choice",
    name: "req_condition",
    label: "Requirement Condition",
    options: REQUIREMENT_CONDITIONS.map((c) => ({ value: c, label: requirementUnit(c) })),
  },
];

/**
 * The promotion rule as the server applies it (docs/REQUIREMENTS.md section 4,
 * server/src/modules/people/referrals.ts): on gaining a referral, a member's own
 * tier's condition and minimum decide; the move is one rank up.
 */
const PROMOTION_RULE =
  "When a member gains a referral, they move up one rank, to the tier of the next higher rank, if they meet the minimum requirement of their current tier: for a PV tier, their total PV is at least the minimum; for a Down Line tier, they have at least that many down lines. The tier of the highest rank has none above it.";

/** /memberships: the tiers in promotion order (by rank), edit and a confirmed delete per row. */
export default function MembershipList({ resource }: ScreenProps) {
  const { table, bulk } = useRecordList(memberships, { filters, alsoRefresh: [users.keys.all] });

  const columns: Column<Membership>[] = [
    { header: "#", cell: (_m, index) => index + 1 },
    { header: "Member Title", role: "key", cell: (m) => m.membership, sort: "membership" },
    {
      header: "Member Discount %",
      cell: (m) => `${shownPercentage(m.member_percentage)}%`,
      className: "text-end",
      sort: "member_percentage",
    },
    {
      header: "Member Earning %",
      cell: (m) => `${shownPercentage(m.member_earning)}%`,
      className: "text-end",
      sort: "member_earning",
    },
    {
      header: "Member Requirement",
      cell: (m) =>
        `${plainNumber(m.min_requirement)} ${translate(requirementUnit(m.req_condition))}`,
      className: "text-nowrap",
      sort: "min_requirement",
    },
    {
      header: "Requirement Condition",
      optional: true,
      cell: (m) => translate(requirementUnit(m.req_condition)),
      sort: "req_condition",
    },
    // The promotion order (docs/REQUIREMENTS.md section 4): the list's default sort.
    { header: "Rank", cell: (m) => m.rank, className: "text-end", sort: "rank" },
    dateColumn("Created Date", "created_at", formatDateTime, { optional: true }),
    dateColumn("Updated Date", "updated_at", formatDateTime, { optional: true }),
  ];

  return (
    <RecordList
      {...table}
      bulk={{
        actions: [deleteAction],
        run: bulk,
      }}
      intro={PROMOTION_RULE}
      columns={columns}
      idOf={(row) => row.member_id}
      nameOf={(row) => row.membership}
      resource={resource}
    />
  );
}
