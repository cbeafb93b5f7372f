import { IMPORT_COLUMNS, type ImportKind } from "@store/contract";
import { Table } from "react-bootstrap";
import { ScrollingTable } from "../../components";
import { translate } from "../../i18n/messages";

/** The kind's columns as the template has them: the header, what it holds, whether required, an example. */
export function ImportColumns({ kind }: { kind: ImportKind }) {
  const caption = translate("Columns of the file");
  return (
    <ScrollingTable label={caption}>
      <Table size="sm" className="mb-0">
        <caption className="caption-top">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{translate("Column")}</th>
            <th scope="col">{translate("What it holds")}</th>
            <th scope="col">{translate("Required")}</th>
            <th scope="col">{translate("Example")}</th>
          </tr>
        </thead>
        <tbody>
          {IMPORT_COLUMNS[kind].map((c) => (
            <tr key={c.name}>
              <td>
                <code>{c.name}</code>
              </td>
              <td>{translate(c.label)}</td>
              <td>{c.required ? translate("Required") : translate("Optional")}</td>
              <td>{c.example}</td>
            </tr>
          ))}
        </tbody>
      </Table>
    </ScrollingTable>
  );
}
