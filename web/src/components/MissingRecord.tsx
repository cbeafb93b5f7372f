import { Link, useSearchParams } from "react-router";
import { useTranslation } from "../i18n";
import { translate } from "../i18n/messages";

/**
 * An edit screen opened with a missing or unknown id says so and offers the
 * way back, instead of a blank form that would create a new record.
 */
export function MissingRecord({
  what,
  backTo,
  backLabel,
}: {
  what: string;
  backTo: string;
  backLabel: string;
}) {
  const { t } = useTranslation();
  return (
    <div className="card p-4 text-center" role="alert">
      <h1 className="h5">{t("common.missingRecord", { what: translate(what) })}</h1>
      <p className="text-muted">{t("common.missingRecordHint")}</p>
      <div>
        <Link to={backTo} className="btn btn-primary">
          {translate(backLabel)}
        </Link>
      </div>
    </div>
  );
}

/**
 * The record id of an edit screen (?pid=12). `id` is null on add screens;
 * `invalid` is true when the parameter is there but not a positive whole number.
 */
export function useRecordId(param: string): {
  id: number | null;
  invalid: boolean;
  isEdit: boolean;
} {
  const [search] = useSearchParams();
  const raw = search.get(param);
  if (raw === null) return { id: null, invalid: false, isEdit: false };
  const id = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  return { id, invalid: id === null, isEdit: true };
}
