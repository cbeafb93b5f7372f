import { type AdminData, PERMISSIONS, type Permission } from "@store/contract";
import { clearLogin, storeLogin } from "../src/lib/session";

/**
 * Stores a login as the login page does: an Admin holding every permission,
 * or a Staff member holding `permissions` through `groups`. The screens draw
 * only what the stored person may do (lib/permissions.ts).
 */
export function signInAs(
  permissions: readonly Permission[] = PERMISSIONS,
  more: Partial<AdminData> = {},
): AdminData {
  const admin: AdminData = {
    status: 200,
    user_id: 1,
    username: "admin",
    email: "admin@example.my",
    f_name: "Aminah",
    l_name: "Owner",
    contact: "0123456789",
    DOB: null,
    gender: "Female",
    role: permissions === PERMISSIONS ? "Admin" : "Staff",
    languages: "English",
    permissions: [...permissions],
    group_names: [],
    totp_enabled: false,
    totp_enrolment_required: false,
    ...more,
  };
  storeLogin(admin);
  return admin;
}

export { clearLogin as signOut };
