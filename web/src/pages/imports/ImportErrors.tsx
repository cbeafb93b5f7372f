import type { ImportError, ImportKind } from "@store/contract";
import { Table } from "react-bootstrap";
import { ScrollingTable } from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";
import { formatCount } from "../../lib/format";
import { columnLabel } from "./importText";

/** Every bad row of a file: its row (the header is row 1), its column and why, in the screen's language. */
export function ImportErrors({
  kind,
  errors,
}: {
  kind: ImportKind;
  errors: readonly ImportError[];
}) {
  const caption = translate("Rows to fix: {{count}}", { count: formatCount(errors.length) });
  return (
    <ScrollingTable label={caption}>
      <Table size="sm" striped className="mb-0">
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            <th scope="col" className="text-end">
              {translate("Row")}
            </th>
            <th scope="col">{translate("Column")}</th>
            <th scope="col">{translate("Message")}</th>
          </tr>
        </thead>
        <tbody>
          {errors.map((e, i) => (
            // A row may have several problems, even in one column: the place in the answer keys them.
            <tr key={i}>
              <td className="text-end">{e.row}</td>
              <td>{e.column ? columnLabel(kind, e.column) : "—"}</td>
              <td>{errorText(e)}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
