import type { Permission } from "@store/contract";
import { createContext, useContext } from "react";
import { useCan } from "../lib/permissions";
import { useReadOnlyScreen } from "../resources/context";

/** Whether the form around is read only: given by RecordForm to its buttons (FormActions, Save). */
export const FormReadOnlyContext = createContext<boolean | null>(null);

/**
 * Whether a form is read only for the signed-in person: without `permission`
 * when the form names one (a secret key's tab: `secrets:manage`), else without
 * the screen's right to change its records (docs/decisions/permissions-on-screen.md).
 */
export function useReadOnlyForm(permission?: Permission): boolean {
  const byScreen = useReadOnlyScreen();
  const mayByPermission = useCan(permission);
  return permission === undefined ? byScreen : !mayByPermission;
}

/** Whether the form this button or field stands in is read only (outside any form: by the screen). */
export function useInReadOnlyForm(): boolean {
  const given = useContext(FormReadOnlyContext);
  const byScreen = useReadOnlyScreen();
  return given ?? byScreen;
}
