import { Table } from "react-bootstrap";
import { useRoles } from "../../api/people";
import { LoadingDots, PageHeader } from "../../components";
import { translate } from "../../i18n/messages";

/** /roles: the roles a user can hold, read-only. */
export default function RoleList() {
  const { data, isLoading } = useRoles();
  return (
    <>
      <PageHeader title={translate("Roles")} />
      <div className="card p-3" style={{ maxWidth: 520 }}>
        <Table hover className="mb-0">
          <thead className="table-light">
            <tr>
              <th>#</th>
              <th>{translate("Role")}</th>
            </tr>
          </thead>
          <tbody>
            {isLoading ? (
              <tr>
                <td colSpan={2} className="text-center py-4">
                  <LoadingDots />
                </td>
              </tr>
            ) : (
              (data ?? []).map((r, i) => (
                <tr key={r.role_id}>
                  <td>{i + 1}</td>
                  <td>{translate(r.role)}</td>
                </tr>
              ))
            )}
          </tbody>
        </Table>
      </div>
    </>
  );
}
