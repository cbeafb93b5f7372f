import { ADMIN_ROLE, type User } from "@store/contract";
import { Link } from "react-router";
import { recordVersion } from "../../api/client";
import { memberships, useRemoveUser, useRoles, users, wallets } from "../../api/people";
import {
  type Column,
  dateColumn,
  deleteAction,
  type ListFilter,
  RecordList,
  statusActions,
  statusColumn,
  statusFilter,
  useRecordList,
} from "../../components";
import { translate } from "../../i18n/messages";
import { formatDate, formatDateTime } from "../../lib/format";
import type { ScreenProps } from "../../resources/define";
import { KycStatusBadge } from "./KycPanel";
import { useMemberDeleteDialog } from "./useMemberDeleteDialog";

const idOf = (row: User) => row.user_id;
const nameOf = (row: User) => row.username;

/** /users: every user, Admin rows highlighted, edit and a confirmed delete per row. */
export default function UserList({ resource }: ScreenProps) {
  const tiers = memberships.useAll();
  const roles = useRoles();
  const filters: ListFilter[] = [
    {
      kind: "choice",
      name: "membership",
      label: "Membership",
      options: (tiers.data ?? []).map((m) => ({ value: String(m.member_id), label: m.membership })),
    },
    {
      kind: "choice",
      name: "role",
      label: "Role",
      options: (roles.data ?? []).map((r) => ({ value: r.role, label: r.role })),
    },
    statusFilter("user_status"),
  ];
  // A user goes with their wallet and requests, and moves the dashboard's counts.
  const { table, bulk } = useRecordList(users, {
    filters,
    alsoRefresh: [wallets.keys.all, ["withdrawRequests"], ["dashboard"]],
  });
  const remove = useRemoveUser();
  const deleteDialog = useMemberDeleteDialog<User>({
    remove,
    member: (u) => ({
      id: u.user_id,
      user_id: u.user_id,
      username: u.username,
      version: recordVersion(u),
      referrals: {
        count: u.down_line,
        referrer:
          u.referral_of !== null && u.referrer_username !== null
            ? { user_id: u.referral_of, username: u.referrer_username }
            : null,
      },
    }),
    question: (u) => translate('Are you sure you want to delete "{{name}}"?', { name: u.username }),
  });

  const columns: Column<User>[] = [
    { header: "Username", role: "key", cell: (u) => u.username, sort: "username", sticky: "start" },
    { header: "First Name", optional: true, cell: (u) => u.f_name, sort: "f_name" },
    { header: "Last Name", optional: true, cell: (u) => u.l_name, sort: "l_name" },
    { header: "Gender", optional: true, cell: (u) => translate(u.gender), sort: "gender" },
    dateColumn("D.O.B", "DOB", formatDate, { optional: true }),
    { header: "E-mail", optional: true, cell: (u) => u.email, sort: "email" },
    { header: "Contact", cell: (u) => u.contact, sort: "contact" },
    { header: "Role", cell: (u) => translate(u.role), sort: "role" },
    // Who has an authenticator enrolled (issue 34): Admins who still need one stand out.
    {
      header: "Two-step login",
      cell: (u) =>
        u.totp_enabled ? (
          <span className="badge text-bg-success">{translate("On")}</span>
        ) : (
          <span className="badge text-bg-light border">{translate("Off")}</span>
        ),
    },
    // KYC before pay-out (docs/decisions/kyc.md): the number masked, as the server answers it.
    {
      header: "KYC",
      optional: true,
      cell: (u) => (
        <>
          <KycStatusBadge status={u.kyc_status} />
          {u.kyc_id && <div className="small font-monospace">{u.kyc_id}</div>}
        </>
      ),
      sort: "kyc_status",
      exportFields: ["kyc_status", "kyc_id"],
    },
    { header: "Membership", cell: (u) => u.membership_name ?? "-", sort: "membership_name" },
    { header: "Down Line", cell: (u) => u.down_line, className: "text-end", sort: "down_line" },
    {
      header: "Referral of",
      optional: true,
      cell: (u) => u.referrer_username ?? "-",
      sort: "referrer_username",
    },
    {
      header: "Total Order",
      optional: true,
      cell: (u) => u.ttl_order,
      className: "text-end",
      sort: "ttl_order",
    },
    statusColumn({ field: "user_status", of: (u) => u.user_status, idOf, nameOf, run: bulk }),
    dateColumn("Created Date", "created_at", formatDateTime, { optional: true }),
    dateColumn("Updated Date", "updated_at", formatDateTime, { optional: true }),
  ];

  return (
    <RecordList
      {...table}
      bulk={{
        actions: [...statusActions, deleteAction],
        run: bulk,
      }}
      columns={columns}
      idOf={idOf}
      nameOf={nameOf}
      resource={resource}
      deleteDialog={deleteDialog}
      rowClassName={(u) => (u.role === ADMIN_ROLE ? "table-warning" : undefined)}
      rowActions={(u) => (
        <Link
          to={resource.link("genealogy", u.user_id)}
          className="btn btn-sm btn-outline-secondary"
          aria-label={translate("Tree of {{name}}", { name: u.username })}
        >
          {translate("Tree")}
        </Link>
      )}
    />
  );
}
