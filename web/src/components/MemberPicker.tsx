import { USER_CHOICES_KEY, usernameOf, userPages } from "../api/userChoices";
import { TypeaheadSelect, type TypeaheadSelectProps } from "./TypeaheadSelect";

const memberPages = userPages((u) => String(u.user_id));

type MemberPickerProps = Omit<
  TypeaheadSelectProps,
  "fetchPage" | "queryKey" | "fetchLabel" | "placeholder"
>;

/** A member found by username; the value is their user id. */
export function MemberPicker(props: MemberPickerProps) {
  return (
    <TypeaheadSelect
      {...props}
      fetchPage={memberPages}
      queryKey={USER_CHOICES_KEY}
      fetchLabel={usernameOf}
      placeholder="Search by username"
    />
  );
}
