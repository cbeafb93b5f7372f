import {
  BACK_OFFICE_ROLES,
  STAFF_ROLE,
  USER_CONTACT_MAX,
  type User,
  type UserFormInput,
  type UserFormValues,
  userForm,
} from "@store/contract";
import { useCallback, useMemo } from "react";
import { Form } from "react-bootstrap";
import { Controller, useFormContext, useWatch } from "react-hook-form";
import { Link } from "react-router";
import {
  memberships,
  useCurrencies,
  useGenders,
  useLanguages,
  useRoles,
  users,
  useSaveUser,
} from "../../api/people";
import { USER_CHOICES_KEY, usernameOf, userPages } from "../../api/userChoices";
import {
  DateInput,
  Field,
  ResourceForm,
  StatusSwitch,
  TypeaheadSelect,
  useCustomResourceForm,
} from "../../components";
import { translate } from "../../i18n/messages";
import { useCan } from "../../lib/permissions";
import { useResources } from "../../resources/context";
import type { ScreenProps } from "../../resources/define";
import { UserSessionsPanel } from "../profile/SessionsPanel";
import { KycPanel } from "./KycPanel";
import { UserGroupsField } from "./UserGroupsField";

type Values = UserFormInput;
const EMPTY: Values = {
  username: "",
  email: "",
  f_name: "",
  l_name: "",
  contact: "",
  password: "",
  DOB: "",
  gender: "",
  role: "",
  membership: "1",
  referral_of: "",
  languages: "",
  currency: "",
  user_status: 0,
  messages_opt_out: false,
  groups: [],
};

function toValues(user: User): Values {
  return {
    username: user.username,
    email: user.email,
    f_name: user.f_name,
    l_name: user.l_name,
    contact: user.contact,
    DOB: user.DOB ?? "",
    gender: user.gender,
    role: user.role,
    membership: String(user.membership),
    // "0" is the "None" option.
    referral_of: String(user.referral_of ?? 0),
    languages: user.languages,
    currency: user.currency,
    user_status: user.user_status,
    messages_opt_out: user.messages_opt_out,
    groups: user.groups,
    password: "",
  };
}

/** The password is asked on add only: an edit form is shown once its user is loaded. */
const schemaFor = (user: User | undefined) => userForm(user !== undefined);

/** /addUser and /editUser?uid=: every field of docs/REQUIREMENTS.md section 5; password on add only. */
export default function UserForm({ resource }: ScreenProps) {
  const save = useSaveUser();
  const lists = useChoices();
  const resources = useResources();
  const form = useCustomResourceForm<User, Values, UserFormValues>({
    resource,
    useOne: users.useOne,
    schema: schemaFor,
    defaults: EMPTY,
    toValues,
    // Only a Staff member holds groups: another role saves none (docs/decisions/staff-accounts.md).
    save: ({ password, groups, ...rest }, { id, version }) => {
      const fields = { ...rest, groups: rest.role === STAFF_ROLE ? groups : [] };
      return save.mutateAsync({
        id,
        input: id !== null ? fields : { ...fields, password: password ?? "" },
        version,
      });
    },
  });
  const { id, isEdit, record } = form;

  const text = (name: keyof Values, label: string, type = "text", extra: object = {}) => (
    <Field name={name} label={label}>
      {(input) => <Form.Control type={type} {...extra} {...input} />}
    </Field>
  );

  return (
    <ResourceForm
      form={form}
      // Selects are filled only once their options are there, so a value is never lost.
      ready={lists !== null}
      maxWidth={900}
      panels={
        id !== null &&
        record && (
          <>
            <UserSessionsPanel userId={id} twoStep={record} />
            {/* Members and agents are paid out: their KYC (docs/decisions/kyc.md). */}
            {!isBackOffice(record.role) && <KycPanel userId={id} />}
          </>
        )
      }
      actions={
        id !== null && (
          <>
            <Link
              to={resources.link("userWallets", "statement", id)}
              className="btn btn-outline-primary"
            >
              {translate("Statement")}
            </Link>
            <Link to={resource.link("genealogy", id)} className="btn btn-outline-secondary">
              {translate("Tree")}
            </Link>
          </>
        )
      }
    >
      <div className="row">
        <div className="col-md-6">
          {text("username", "Username", "text", { autoComplete: "off" })}
        </div>
        <div className="col-md-6">{text("email", "E-mail", "email")}</div>
        <div className="col-md-6">{text("f_name", "First Name")}</div>
        <div className="col-md-6">{text("l_name", "Last Name")}</div>
        <div className="col-md-6">
          {text("contact", "Contact", "tel", { maxLength: USER_CONTACT_MAX })}
        </div>
        {!isEdit && (
          <div className="col-md-6">
            {text("password", "Password", "password", { autoComplete: "new-password" })}
          </div>
        )}
        <div className="col-md-6">
          <Field
            name="DOB"
            label="D.O.B"
            render={(aria) => (
              <Controller
                control={form.form.control}
                name="DOB"
                render={({ field }) => (
                  <DateInput
                    {...aria}
                    ref={field.ref}
                    name={field.name}
                    onBlur={field.onBlur}
                    value={field.value ?? ""}
                    onChange={field.onChange}
                  />
                )}
              />
            )}
          />
        </div>
      </div>
      {lists && (
        <Selects
          lists={lists}
          userId={id}
          referrerName={record?.referrer_username ?? undefined}
          savedRole={record?.role}
        />
      )}
      <StaffGroups />
      <StatusSwitch control={form.form.control} name="user_status" className="mb-3" />
      {/* Issue 41: a member may ask for only the messages about their money and orders. */}
      <Controller
        control={form.form.control}
        name="messages_opt_out"
        render={({ field }) => (
          <Form.Check
            type="checkbox"
            id="messages_opt_out"
            className="mb-3"
            label={translate("Only messages about money and orders")}
            ref={field.ref}
            name={field.name}
            checked={field.value === true}
            onBlur={field.onBlur}
            onChange={(e) => field.onChange(e.target.checked)}
          />
        )}
      />
    </ResourceForm>
  );
}

type Option = { value: string; label: string };
type SelectName = "gender" | "role" | "membership" | "languages" | "currency";

/** The options of the small selects, or null while any list is still loading. */
function useChoices(): Record<SelectName, Option[]> | null {
  const genders = useGenders();
  const roles = useRoles();
  const languages = useLanguages();
  const currencies = useCurrencies();
  const tiers = memberships.useAll();
  return useMemo(() => {
    if (!genders.data || !roles.data || !languages.data || !currencies.data || !tiers.data) {
      return null;
    }
    return {
      gender: genders.data.map((g) => ({ value: g.gender, label: g.gender })),
      role: roles.data.map((r) => ({ value: r.role, label: r.role })),
      membership: tiers.data.map((m) => ({ value: String(m.member_id), label: m.membership })),
      languages: languages.data.map((l) => ({ value: l.languages, label: l.languages })),
      currency: currencies.data.map((c) => ({
        value: c.currency_code,
        label: `${c.currency_code} (${c.currency_symbol})`,
      })),
    };
  }, [genders.data, roles.data, languages.data, currencies.data, tiers.data]);
}

const SELECTS: [SelectName | "referral_of", string][] = [
  ["gender", "Gender"],
  ["role", "Role"],
  ["membership", "Membership"],
  ["referral_of", "Referral"],
  ["languages", "Language"],
  ["currency", "Currency"],
];

/** "0" is the "None" option: no referrer. */
const NONE: Option[] = [{ value: "0", label: "None" }];
const referrerPages = userPages((u) => String(u.user_id));

/**
 * The required selects: each opens on a disabled blank option (docs/REQUIREMENTS.md
 * section 5). Referral is a type-ahead over the users, a page at a time, never
 * offering the user being edited.
 */
function Selects({
  lists,
  userId,
  referrerName,
  savedRole,
}: {
  lists: Record<SelectName, Option[]>;
  userId: number | null;
  referrerName: string | undefined;
  /** The edited user's role as saved. */
  savedRole: string | undefined;
}) {
  const { control } = useFormContext<Values>();
  const roleChoice = useRoleChoice(lists.role, savedRole);
  const notSelf = useCallback((value: string) => value === String(userId), [userId]);
  return (
    <div className="row">
      {SELECTS.map(([name, label]) => (
        <div className="col-md-6" key={name}>
          {name === "referral_of" ? (
            <Field
              name={name}
              label={label}
              hint="Type a username to search."
              render={({
                id,
                isInvalid,
                "aria-invalid": ariaInvalid,
                "aria-describedby": describedBy,
              }) => (
                <Controller
                  control={control}
                  name="referral_of"
                  render={({ field }) => (
                    <TypeaheadSelect
                      id={id}
                      name={field.name}
                      inputRef={field.ref}
                      value={String(field.value ?? "")}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      fetchPage={referrerPages}
                      queryKey={USER_CHOICES_KEY}
                      knownLabel={referrerName}
                      fetchLabel={usernameOf}
                      fixedOptions={NONE}
                      exclude={notSelf}
                      isInvalid={isInvalid}
                      aria-invalid={ariaInvalid}
                      aria-describedby={describedBy}
                    />
                  )}
                />
              )}
            />
          ) : (
            <Field name={name} label={label}>
              {(input) => (
                <Form.Select
                  {...input}
                  disabled={name === "role" ? roleChoice.disabled : undefined}
                >
                  <option value="" disabled />
                  {(name === "role" ? roleChoice.options : lists[name]).map((o) => (
                    <option key={o.value} value={o.value}>
                      {translate(o.label)}
                    </option>
                  ))}
                </Form.Select>
              )}
            </Field>
          )}
        </div>
      ))}
    </div>
  );
}

const isBackOffice = (role: string | undefined) =>
  (BACK_OFFICE_ROLES as readonly (string | undefined)[]).includes(role);

/**
 * The roles the signed-in person may give: every one with staff:manage;
 * otherwise Member and Agent only, and none at all on an Admin's or Staff
 * member's record (the server refuses those writes: 403).
 */
function useRoleChoice(options: Option[], savedRole: string | undefined) {
  const canManageStaff = useCan("staff:manage");
  if (canManageStaff) return { options, disabled: false };
  return {
    options: options.filter((o) => !isBackOffice(o.value) || o.value === savedRole),
    disabled: isBackOffice(savedRole),
  };
}

/** The groups, shown while the role chosen is Staff (to those who may see the groups). */
function StaffGroups() {
  const role = useWatch<Values, "role">({ name: "role" });
  const canView = useCan("staff:view");
  const canManage = useCan("staff:manage");
  if (role !== STAFF_ROLE || !canView) return null;
  return <UserGroupsField disabled={!canManage} />;
}
