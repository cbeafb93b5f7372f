import type { Membership } from "@store/contract";
import { memberships } from "../../api/people";
import { type Column, RecordList, useListState } from "../../components";
import { formatDateTime } from "../../lib/format";
import { plainNumber, requirementUnit, shownPercentage } from "./membershipDisplay";

/** /memberships: the tiers in promotion order, edit and a confirmed delete per row. */
export default function MembershipList() {
  const list = useListState();
  const { data, isLoading } = memberships.useList(list.params);
  const remove = memberships.useRemove();

  const columns: Column<Membership>[] = [
    { header: "#", cell: (_m, index) => index + 1 },
    { header: "Member Title", cell: (m) => m.membership },
    {
      header: "Member Discount %",
      cell: (m) => `${shownPercentage(m.member_percentage)}%`,
      className: "text-end",
    },
    {
      header: "Member Earning %",
      cell: (m) => `${shownPercentage(m.member_earning)}%`,
      className: "text-end",
    },
    {
      header: "Member Requirement",
      cell: (m) => `${plainNumber(m.min_requirement)} ${requirementUnit(m.req_condition)}`,
      className: "text-nowrap",
    },
    { header: "Requirement Condition", cell: (m) => requirementUnit(m.req_condition) },
    { header: "Created Date", cell: (m) => formatDateTime(m.created_at), className: "text-nowrap" },
    { header: "Updated Date", cell: (m) => formatDateTime(m.updated_at), className: "text-nowrap" },
  ];

  return (
    <RecordList
      title="Memberships"
      addTo="/addMemberships"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.member_id}
      nameOf={(row) => row.membership}
      editTo={(row) => `/editMemberships?mid=${row.member_id}`}
      remove={remove}
    />
  );
}
