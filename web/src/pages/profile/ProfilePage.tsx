import {
  type AdminData,
  email,
  optionalNewPassword,
  requiredText,
  USER_CONTACT_MAX,
  type User,
} from "@store/contract";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Fragment, type ReactNode, useEffect, useMemo, useState } from "react";
import { Button, Card, Form } from "react-bootstrap";
import { Navigate } from "react-router";
import { z } from "zod";
import { ApiError, api, isUnreachable, recordVersion } from "../../api/client";
import { useRefreshPeople, users } from "../../api/people";
import { Field, PageHeader, RecordForm, showToast, useRecordForm } from "../../components";
import { translate } from "../../i18n/messages";
import { formatDate } from "../../lib/format";
import { readAdmin, updateStoredAdmin } from "../../lib/session";
import { useResources } from "../../resources/context";
import { SessionsPanel } from "./SessionsPanel";
import { SignInAlertsSection } from "./SignInAlertsSection";
import { TwoStepSection } from "./TwoStepSection";

export const INVALID_PASSWORD = "Invalid Password.";
export const PASSWORD_MISMATCH = "Password does not match confirm Password.";

/** The contract's rules for these fields (the same the server applies to PUT users/{id}), plus the confirmation. */
const profileForm = z
  .object({
    email: email(),
    contact: requiredText("Contact", USER_CONTACT_MAX),
    currentPassword: z.string().min(1, "Current password is required."),
    // The contract's password rule, as the server applies it; "" keeps the password.
    password: optionalNewPassword,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    path: ["confirmPassword"],
    message: PASSWORD_MISMATCH,
  });
type ProfileForm = z.infer<typeof profileForm>;

/** /profile (Account Management): the admin's own details; e-mail, contact and password can change. */
export default function ProfilePage() {
  const home = useResources().path("dashboard");
  const [admin, setAdmin] = useState<AdminData | null>(readAdmin);
  const [editing, setEditing] = useState(false);
  // What the server holds now (two-step login may have changed in another tab).
  useEffect(() => {
    api.get<AdminData>("me").then(
      ({ totp_enabled, totp_enrolment_required }) => {
        updateStoredAdmin({ totp_enabled, totp_enrolment_required });
        setAdmin(readAdmin());
      },
      () => undefined,
    );
  }, []);
  if (!admin) return <Navigate to="/login-back" replace />;
  return (
    <>
      <PageHeader title={translate("Account Management")} backTo={home} />
      <Card style={{ maxWidth: 720 }}>
        <Card.Body>
          {editing ? (
            <ProfileEdit
              admin={admin}
              onCancel={() => setEditing(false)}
              onSaved={(changes) => {
                updateStoredAdmin(changes);
                setAdmin(readAdmin());
                setEditing(false);
              }}
            />
          ) : (
            <ProfileView admin={admin} onEdit={() => setEditing(true)} />
          )}
        </Card.Body>
      </Card>
      <Card style={{ maxWidth: 720 }} className="mt-3">
        <Card.Body>
          <TwoStepSection
            state={admin}
            onChange={(changes) => {
              updateStoredAdmin(changes);
              setAdmin(readAdmin());
            }}
          />
        </Card.Body>
      </Card>
      <Card style={{ maxWidth: 720 }} className="mt-3">
        <Card.Body>
          <SignInAlertsSection />
        </Card.Body>
      </Card>
      <SessionsPanel owner="me" />
    </>
  );
}

function GenderIcon({ gender }: { gender: string }) {
  const symbol = /^f/i.test(gender) ? "♀" : /^m/i.test(gender) ? "♂" : "⚲";
  return (
    <span aria-hidden="true" className="me-1 text-primary">
      {symbol}
    </span>
  );
}

function ProfileView({ admin, onEdit }: { admin: AdminData; onEdit: () => void }) {
  const rows: [string, ReactNode][] = [
    ["Username", admin.username],
    ["Full Name", `${admin.f_name} ${admin.l_name}`.trim()],
    ["E-mail", admin.email],
    ["Contact Number", admin.contact || "-"],
    [
      "Gender",
      <>
        <GenderIcon gender={admin.gender} />
        {translate(admin.gender)}
      </>,
    ],
    ["Birthday", formatDate(admin.DOB)],
  ];
  return (
    <>
      <dl className="row mb-3">
        {rows.map(([label, value]) => (
          <Fragment key={label}>
            <dt className="col-sm-4 text-muted fw-normal">{translate(label)}</dt>
            <dd className="col-sm-8">{value}</dd>
          </Fragment>
        ))}
      </dl>
      <Button onClick={onEdit}>{translate("Edit")}</Button>
    </>
  );
}

function ProfileEdit({
  admin,
  onCancel,
  onSaved,
}: {
  admin: AdminData;
  onCancel: () => void;
  onSaved: (changes: Pick<AdminData, "email" | "contact">) => void;
}) {
  const [showPasswords, setShowPasswords] = useState(false);
  // The admin's own user record: its version guards the save (If-Match), and a 412's
  // panel reads it again.
  const own = users.useOne(admin.user_id);
  const refresh = useRefreshPeople();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: ({
      version,
      ...body
    }: {
      email: string;
      contact: string;
      password?: string;
      currentPassword: string;
      version: number | undefined;
    }) => api.put<User>(`users/${admin.user_id}`, body, version),
    // The answer is the record at its new version: a second edit opened before
    // the refresh arrives starts from it, not from the version this save replaced.
    onSuccess: (saved) => {
      queryClient.setQueryData(users.keys.detail(admin.user_id), saved);
      return refresh();
    },
  });
  const loaded = useMemo(
    () =>
      own.data && {
        email: own.data.email,
        contact: own.data.contact,
        currentPassword: "",
        password: "",
        confirmPassword: "",
      },
    [own.data],
  );

  const home = useResources().path("dashboard");
  const form = useRecordForm<ProfileForm, ProfileForm>({
    schema: profileForm,
    defaults: {
      email: admin.email,
      contact: admin.contact,
      currentPassword: "",
      password: "",
      confirmPassword: "",
    },
    listRoute: home,
    loaded,
    version: recordVersion(own.data),
    reload: own.refetch,
    save: async (values, shown) => {
      // The server checks the current password first (POST loginAdmin, 200 = correct).
      try {
        await api.post("loginAdmin", { currentPassword: values.currentPassword });
      } catch (error) {
        if (error instanceof ApiError && error.status !== 0 && error.status < 500) {
          // Said on the field, as a refused field is.
          throw new ApiError(400, INVALID_PASSWORD, [
            { path: "currentPassword", message: INVALID_PASSWORD },
          ]);
        }
        // Unreachable: said on the form beside its Retry (useRecordForm).
        if (!isUnreachable(error))
          showToast(error instanceof Error ? error.message : INVALID_PASSWORD);
        throw error;
      }
      return save.mutateAsync({
        email: values.email,
        contact: values.contact,
        ...(values.password ? { password: values.password } : {}),
        // The server checks it again: its check is the one that guards the change.
        currentPassword: values.currentPassword,
        version: shown.version,
      });
    },
    savedMessage: "Your account has been updated.",
    onSaved: (_result, values) => onSaved({ email: values.email, contact: values.contact }),
  });
  const { isSubmitting } = form;

  const passwordType = showPasswords ? "text" : "password";
  return (
    <RecordForm form={form}>
      <Field name="email" label="E-mail">
        {(input) => <Form.Control type="email" {...input} />}
      </Field>
      <Field name="contact" label="Contact Number">
        {(input) => <Form.Control type="tel" maxLength={USER_CONTACT_MAX} {...input} />}
      </Field>
      <Field name="currentPassword" label="Current Password" hint="Needed to save any change.">
        {(input) => <Form.Control type={passwordType} autoComplete="current-password" {...input} />}
      </Field>
      <Field name="password" label="New Password" hint="Leave blank to keep the current password.">
        {(input) => <Form.Control type={passwordType} autoComplete="new-password" {...input} />}
      </Field>
      <Field name="confirmPassword" label="Confirm Password">
        {(input) => <Form.Control type={passwordType} autoComplete="new-password" {...input} />}
      </Field>
      <div className="d-flex flex-wrap gap-2">
        <Button
          variant="outline-secondary"
          aria-pressed={showPasswords}
          onClick={() => setShowPasswords((s) => !s)}
        >
          {showPasswords ? translate("Hide passwords") : translate("Show passwords")}
        </Button>
        <div className="ms-auto d-flex gap-2">
          <Button variant="secondary" onClick={onCancel} disabled={isSubmitting}>
            {translate("Cancel")}
          </Button>
          <Button type="submit" disabled={isSubmitting}>
            {translate("Save")}
          </Button>
        </div>
      </div>
    </RecordForm>
  );
}
