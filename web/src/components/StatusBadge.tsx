import { Badge } from "react-bootstrap";

/** Active (green) if 1, otherwise Inactive (red). */
export function StatusBadge({ value }: { value: number | string | null | undefined }) {
  const active = Number(value) === 1;
  return <Badge bg={active ? "success" : "danger"}>{active ? "Active" : "Inactive"}</Badge>;
}
