import { zodResolver } from "@hookform/resolvers/zod";
import {
  USER_CONTACT_MAX,
  type User,
  type UserFormInput,
  type UserFormValues,
  userForm,
} from "@store/contract";
import { useEffect, useMemo } from "react";
import { Form } from "react-bootstrap";
import { type UseFormReturn, useForm } from "react-hook-form";
import { useNavigate } from "react-router";
import { ApiError } from "../../api/client";
import {
  memberships,
  useCurrencies,
  useGenders,
  useLanguages,
  useRoles,
  users,
  useSaveUser,
} from "../../api/people";
import {
  Field,
  FormActions,
  FormSkeleton,
  MissingRecord,
  PageHeader,
  StatusSwitch,
  useRecordId,
  useUnsavedChangesWarning,
} from "../../components";
import { showServerIssues } from "../../lib/formErrors";

const LIST = "/users";

type Values = UserFormInput;
const FIELDS = [
  "username",
  "email",
  "f_name",
  "l_name",
  "contact",
  "password",
  "DOB",
  "gender",
  "role",
  "membership",
  "referral_of",
  "languages",
  "currency",
] as const;
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
    password: "",
  };
}

/** /addUser and /editUser?uid=: every field of docs/REQUIREMENTS.md section 5; password on add only. */
export default function UserForm() {
  const { id, invalid, isEdit } = useRecordId("uid");
  const record = users.useOne(id);
  const save = useSaveUser();
  const navigate = useNavigate();
  const lists = useChoices(id);
  const form = useForm<Values, unknown, UserFormValues>({
    resolver: zodResolver(userForm(isEdit)),
    defaultValues: EMPTY,
  });
  const { register, control, handleSubmit, reset, setError, formState } = form;
  const { errors, isDirty, isSubmitting } = formState;
  useUnsavedChangesWarning(isDirty && !isSubmitting, LIST);

  useEffect(() => {
    if (record.data) reset(toValues(record.data));
  }, [record.data, reset]);

  if (invalid || (record.error instanceof ApiError && record.error.status === 404)) {
    return <MissingRecord what="user" backTo={LIST} backLabel="Back to Users" />;
  }
  // Selects are filled only once their options are there, so a value is never lost.
  if ((isEdit && !record.data) || !lists) return <FormSkeleton />;

  const onSubmit = handleSubmit(async (values) => {
    const { password, ...fields } = values;
    const input = isEdit ? fields : { ...fields, password: password ?? "" };
    try {
      await save.mutateAsync({ id, input });
      navigate(LIST);
    } catch (error) {
      showServerIssues(error, setError, FIELDS);
    }
  });

  const text = (name: keyof Values, label: string, type = "text", extra: object = {}) => (
    <Field label={label} htmlFor={name} error={errors[name]?.message}>
      <Form.Control
        id={name}
        type={type}
        isInvalid={!!errors[name]}
        {...extra}
        {...register(name)}
      />
    </Field>
  );

  return (
    <>
      <PageHeader title={isEdit ? "Edit User" : "Add User"} backTo={LIST} />
      <Form noValidate onSubmit={onSubmit} className="card p-3" style={{ maxWidth: 900 }}>
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
          <div className="col-md-6">{text("DOB", "D.O.B", "date")}</div>
        </div>
        <Selects form={form} lists={lists} />
        <StatusSwitch control={control} name="user_status" className="mb-3" />
        <FormActions cancelTo={LIST} isEdit={isEdit} submitting={isSubmitting} />
      </Form>
    </>
  );
}

type Option = { value: string; label: string };
type SelectName = "gender" | "role" | "membership" | "referral_of" | "languages" | "currency";

/** The options of every select, or null while any list is still loading. */
function useChoices(userId: number | null): Record<SelectName, Option[]> | null {
  const genders = useGenders();
  const roles = useRoles();
  const languages = useLanguages();
  const currencies = useCurrencies();
  const tiers = memberships.useAll();
  const everyone = users.useAll();
  return useMemo(() => {
    if (
      !genders.data ||
      !roles.data ||
      !languages.data ||
      !currencies.data ||
      !tiers.data ||
      !everyone.data
    ) {
      return null;
    }
    // Referral: "None", then users by username (never the user being edited).
    const referrers = everyone.data
      .filter((u) => u.user_id !== userId)
      .sort((a, b) => a.username.localeCompare(b.username))
      .map((u) => ({ value: String(u.user_id), label: u.username }));
    return {
      gender: genders.data.map((g) => ({ value: g.gender, label: g.gender })),
      role: roles.data.map((r) => ({ value: r.role, label: r.role })),
      membership: tiers.data.map((m) => ({ value: String(m.member_id), label: m.membership })),
      referral_of: [{ value: "0", label: "None" }, ...referrers],
      languages: languages.data.map((l) => ({ value: l.languages, label: l.languages })),
      currency: currencies.data.map((c) => ({
        value: c.currency_code,
        label: `${c.currency_code} (${c.currency_symbol})`,
      })),
    };
  }, [
    genders.data,
    roles.data,
    languages.data,
    currencies.data,
    tiers.data,
    everyone.data,
    userId,
  ]);
}

const SELECTS: [SelectName, string][] = [
  ["gender", "Gender"],
  ["role", "Role"],
  ["membership", "Membership"],
  ["referral_of", "Referral"],
  ["languages", "Language"],
  ["currency", "Currency"],
];

/** The required selects: each opens on a disabled blank option (docs/REQUIREMENTS.md section 5). */
function Selects({
  form,
  lists,
}: {
  form: UseFormReturn<Values, unknown, UserFormValues>;
  lists: Record<SelectName, Option[]>;
}) {
  const { register, formState } = form;
  const { errors } = formState;
  return (
    <div className="row">
      {SELECTS.map(([name, label]) => (
        <div className="col-md-6" key={name}>
          <Field label={label} htmlFor={name} error={errors[name]?.message}>
            <Form.Select id={name} isInvalid={!!errors[name]} {...register(name)}>
              <option value="" disabled />
              {lists[name].map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </Form.Select>
          </Field>
        </div>
      ))}
    </div>
  );
}
