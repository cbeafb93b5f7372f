import { useTranslation } from "../../i18n";

/** A report table's one row when the range holds nothing. */
export function NothingInRange({ columns }: { columns: number }) {
  const { t } = useTranslation();
  return (
    <tr>
      <td colSpan={columns} className="text-body-secondary">
        {t("reports.empty")}
      </td>
    </tr>
  );
}
