import { ADMIN_ROLE, type User } from "@store/contract";
import { useRemoveUser, users } from "../../api/people";
import { type Column, RecordList, StatusBadge, useListState } from "../../components";
import { formatDate, formatDateTime } from "../../lib/format";

/** /users: every user, Admin rows highlighted, edit and a confirmed delete per row. */
export default function UserList() {
  const list = useListState();
  const { data, isLoading } = users.useList(list.params);
  const remove = useRemoveUser();

  const columns: Column<User>[] = [
    { header: "Username", cell: (u) => u.username },
    { header: "First Name", cell: (u) => u.f_name },
    { header: "Last Name", cell: (u) => u.l_name },
    { header: "Gender", cell: (u) => u.gender },
    { header: "D.O.B", cell: (u) => formatDate(u.DOB), className: "text-nowrap" },
    { header: "E-mail", cell: (u) => u.email },
    { header: "Contact", cell: (u) => u.contact },
    { header: "Role", cell: (u) => u.role },
    { header: "Membership", cell: (u) => u.membership_name ?? "-" },
    { header: "Down Line", cell: (u) => u.down_line, className: "text-end" },
    { header: "Referral of", cell: (u) => u.referrer_username ?? "-" },
    { header: "Total Order", cell: (u) => u.ttl_order, className: "text-end" },
    { header: "Status", cell: (u) => <StatusBadge value={u.user_status} /> },
    { header: "Created Date", cell: (u) => formatDateTime(u.created_at), className: "text-nowrap" },
    { header: "Updated Date", cell: (u) => formatDateTime(u.updated_at), className: "text-nowrap" },
  ];

  return (
    <RecordList
      title="Users"
      addTo="/addUser"
      columns={columns}
      page={data}
      loading={isLoading}
      idOf={(row) => row.user_id}
      nameOf={(row) => row.username}
      editTo={(row) => `/editUser?uid=${row.user_id}`}
      remove={remove}
      rowClassName={(u) => (u.role === ADMIN_ROLE ? "table-warning" : undefined)}
    />
  );
}
