import type { UserFormInput } from "@store/contract";
import { Form } from "react-bootstrap";
import { type FieldError as FormFieldError, useController, useFormContext } from "react-hook-form";
import { permissionGroups } from "../../api/staff";
import { FieldError, inputAria, LoadingDots } from "../../components";
import { translate } from "../../i18n/messages";

const HINT = "What a Staff member may do: the permissions of every group ticked.";

/**
 * A Staff member's permission groups (docs/decisions/staff-accounts.md): a
 * box per group of GET /api/permissionGroups, in a fieldset named "Permission Groups".
 * Changing them is for holders of staff:manage (`disabled` otherwise); the
 * server checks it again.
 */
export function UserGroupsField({ disabled }: { disabled: boolean }) {
  const { control } = useFormContext<UserFormInput>();
  const { field, fieldState } = useController({ control, name: "groups" });
  const groups = permissionGroups.useAll();
  const error = fieldState.error?.message ? (fieldState.error as FormFieldError) : undefined;
  const aria = inputAria("groups", error, true);
  const held = new Set((field.value ?? []).map(Number));
  return (
    <fieldset
      id="groups"
      className="mb-3"
      aria-describedby={aria["aria-describedby"]}
      aria-invalid={aria["aria-invalid"]}
    >
      <legend className="form-label fs-6 mb-2">{translate("Permission Groups")}</legend>
      {!groups.data ? (
        <LoadingDots />
      ) : groups.data.length === 0 ? (
        <p className="text-body-secondary mb-0">{translate("No permission groups yet.")}</p>
      ) : (
        <div className="d-flex flex-wrap gap-3">
          {groups.data.map((g) => (
            <Form.Check
              key={g.group_id}
              id={`group-${g.group_id}`}
              label={g.name}
              checked={held.has(g.group_id)}
              disabled={disabled}
              ref={g === groups.data[0] ? field.ref : undefined}
              onBlur={field.onBlur}
              onChange={(e) => {
                const next = new Set(held);
                if (e.currentTarget.checked) next.add(g.group_id);
                else next.delete(g.group_id);
                field.onChange([...next].sort((a, b) => a - b));
              }}
            />
          ))}
        </div>
      )}
      <Form.Text id="groups-hint" className="d-block text-muted">
        {translate(HINT)}
      </Form.Text>
      <FieldError id="groups" error={error} />
    </fieldset>
  );
}
