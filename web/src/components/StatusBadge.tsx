import { Badge } from "react-bootstrap";
import { useTranslation } from "../i18n";

/** Active (green) if 1, otherwise Inactive (red). */
export function StatusBadge({ value }: { value: number | string | null | undefined }) {
  const { t } = useTranslation();
  const active = Number(value) === 1;
  return (
    <Badge bg={active ? "success" : "danger"}>
      {active ? t("common.active") : t("common.inactive")}
    </Badge>
  );
}
