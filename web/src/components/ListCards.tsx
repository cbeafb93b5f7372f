import type { ReactNode } from "react";
import { translate } from "../i18n/messages";
import { type Column, isFixed } from "./columns";

/** One field of a card: its column's header and cell. */
function Item<T>({ column, row, index }: { column: Column<T>; row: T; index: number }) {
  return (
    <>
      <dt className="col-5 text-body-secondary fw-normal">{translate(column.header)}</dt>
      <dd className="col-7 mb-1 text-break">{column.cell(row, index)}</dd>
    </>
  );
}

/**
 * A list on a phone (below Bootstrap's md, 768 px): a card per row with its
 * key, its money, its status and its actions; every other field behind
 * "More" (a native disclosure: a keyboard and a screen reader know it), the
 * long ones whole there.
 */
export function ListCards<T>({
  columns,
  rows,
  offset,
  rowKey,
  select,
  state,
}: {
  columns: readonly Column<T>[];
  rows: readonly T[];
  /** The first row's position in the whole list. */
  offset: number;
  rowKey: (row: T) => string | number;
  /** The row's tick box, when the list has bulk actions. */
  select?: (row: T) => ReactNode;
  /** Loading or empty: said in place of the cards. */
  state?: ReactNode;
}) {
  if (state) return <div className="list-state card card-body">{state}</div>;
  // In sight: the key, money, status and actions a list always shows; the rest behind More.
  const inSight = (role: Column<T>["role"]) => columns.filter((c) => isFixed(c) && c.role === role);
  const keys = inSight("key");
  const money = inSight("money");
  const status = inSight("status");
  const actions = inSight("actions");
  const more = columns.filter((c) => !isFixed(c));
  return (
    <ul className="list-cards list-unstyled mb-2" data-testid="list-cards">
      {rows.map((row, i) => {
        const index = offset + i;
        return (
          <li key={rowKey(row)} className="card mb-2">
            <div className="card-body p-2">
              <div className="d-flex align-items-start gap-2 mb-1">
                {select?.(row)}
                <div className="fw-semibold flex-grow-1 text-break">
                  {keys.map((c) => (
                    <div key={c.header}>{c.cell(row, index)}</div>
                  ))}
                </div>
                {status.map((c) => (
                  <div key={c.header} className="text-nowrap">
                    {c.cell(row, index)}
                  </div>
                ))}
              </div>
              {money.length > 0 && (
                <dl className="row mb-1 list-card-money">
                  {money.map((c) => (
                    <Item key={c.header} column={c} row={row} index={index} />
                  ))}
                </dl>
              )}
              {more.length > 0 && (
                <details className="mb-2">
                  <summary>{translate("More")}</summary>
                  <dl className="row mb-0 mt-1 small">
                    {more.map((c) => (
                      <Item key={c.header} column={c} row={row} index={index} />
                    ))}
                  </dl>
                </details>
              )}
              {actions.map((c) => (
                <div key={c.header}>{c.cell(row, index)}</div>
              ))}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
