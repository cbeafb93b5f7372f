import { type Settings, type SettingsInput, settingsInput } from "@store/contract";
import { useMemo } from "react";
import type { z } from "zod";
import { recordVersion, withoutVersion } from "../../api/client";
import { useSaveSettings, useSettings } from "../../api/settings";
import { useRecordForm } from "../../components";
import { useSavedIndicator } from "./SaveButton";

type Values = z.output<typeof settingsInput>;

/** The whole record as a tab saves it: the fields of other tabs go back as they are. */
function toForm(s: Settings): SettingsInput {
  const { setting_id, updated_at, ...values } = s;
  return withoutVersion(values);
}

/**
 * The settings record's form for one tab (General, E-invoices): checked by the
 * contract's settingsInput, saved whole with the version it was shown
 * (If-Match), and reset to what the server stored, with the saved sign.
 */
export function useSettingsForm(settings: Settings) {
  const save = useSaveSettings();
  const { refetch } = useSettings();
  const [saved, markSaved] = useSavedIndicator();
  const loaded = useMemo(() => toForm(settings), [settings]);
  const form = useRecordForm<SettingsInput, Values>({
    schema: settingsInput,
    defaults: loaded,
    loaded,
    listRoute: "/settings",
    version: recordVersion(settings),
    reload: refetch,
    save: (values, shown) => save.mutateAsync({ input: values, version: shown.version }),
    // The saved settings come back through the query (useSaveSettings), and the form takes them.
    onSaved: (stored) => {
      form.form.reset(toForm(stored as Settings));
      markSaved();
    },
  });
  return { form, saved };
}
