import {
  PERMISSION_AREAS,
  type Permission,
  type PermissionEntry,
  type PermissionGroupInput,
  permissionGroupInput,
} from "@store/contract";
import { Form, Table } from "react-bootstrap";
import { Controller, useFormContext } from "react-hook-form";
import { permissionGroups, usePermissionCatalogue } from "../../api/staff";
import { Field, ResourceForm, useResourceForm } from "../../components";
import { translate } from "../../i18n/messages";
import type { ScreenProps } from "../../resources/define";

const EMPTY: PermissionGroupInput = { name: "", permissions: [] };

/** /addRole and /editRole?gid=: the group's name and what it grants, by area. */
export default function PermissionGroupForm({ resource }: ScreenProps) {
  const catalogue = usePermissionCatalogue();
  const form = useResourceForm({
    resource,
    calls: permissionGroups,
    schema: permissionGroupInput,
    defaults: EMPTY,
  });
  return (
    <ResourceForm form={form} ready={catalogue.data !== undefined} maxWidth={820}>
      <Field name="name" label="Group Name" />
      {catalogue.data && <PermissionGrid catalogue={catalogue.data} />}
    </ResourceForm>
  );
}

/**
 * The catalogue as a grid: an area a row, View and Manage its columns
 * (Manage grants View, so ticking it ticks View and View stays ticked until
 * Manage is cleared), then the two permissions of their own. Each box is
 * named by its permission's label from GET /api/permissions, translated.
 */
function PermissionGrid({ catalogue }: { catalogue: PermissionEntry[] }) {
  const { control } = useFormContext<PermissionGroupInput>();
  const labelOf = (code: Permission) =>
    translate(catalogue.find((p) => p.code === code)?.label ?? code);
  return (
    <Controller
      control={control}
      name="permissions"
      render={({ field }) => {
        const held = new Set<Permission>(field.value ?? []);
        const set = (code: Permission, on: boolean) => {
          const next = new Set(held);
          if (on) next.add(code);
          else next.delete(code);
          if (on && code.endsWith(":manage"))
            next.add(code.replace(/:manage$/, ":view") as Permission);
          field.onChange(catalogue.map((p) => p.code).filter((c) => next.has(c)));
        };
        const box = (code: Permission, disabled = false) => (
          <Form.Check
            id={`permission-${code.replace(":", "-")}`}
            aria-label={labelOf(code)}
            checked={held.has(code)}
            disabled={disabled}
            onChange={(e) => set(code, e.currentTarget.checked)}
            onBlur={field.onBlur}
          />
        );
        return (
          <fieldset className="mb-3">
            <legend className="form-label fs-6">{translate("Permissions")}</legend>
            <Table size="sm" className="align-middle mb-2">
              <thead className="table-light">
                <tr>
                  <th scope="col">{translate("Area")}</th>
                  <th scope="col" className="text-center">
                    {translate("View")}
                  </th>
                  <th scope="col" className="text-center">
                    {translate("Manage")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {PERMISSION_AREAS.map(({ area, label }) => {
                  const manage = `${area}:manage` as Permission;
                  return (
                    <tr key={area}>
                      <th scope="row" className="fw-normal">
                        {translate(label)}
                      </th>
                      <td className="text-center">
                        {box(`${area}:view` as Permission, held.has(manage))}
                      </td>
                      <td className="text-center">{box(manage)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </Table>
            {(["secrets:manage", "export", "reports:view"] as const).map((code) => (
              <Form.Check
                key={code}
                id={`permission-${code.replace(":", "-")}`}
                label={labelOf(code)}
                checked={held.has(code)}
                onChange={(e) => set(code, e.currentTarget.checked)}
                onBlur={field.onBlur}
              />
            ))}
          </fieldset>
        );
      }}
    />
  );
}
