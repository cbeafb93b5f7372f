import type { Key, ReactNode } from "react";
import { Link } from "react-router";
import { TableSkeleton } from "../../components";
import { errorText } from "../../i18n/errors";
import { translate } from "../../i18n/messages";

/** A column's header: its text (translated already); one that holds figures is right-aligned. */
export interface ColumnHead {
  text: string;
  figure?: boolean;
  className?: string;
  /** The header's key where its text may repeat (a tier's name). */
  key?: Key;
}

const headClass = (head: ColumnHead) =>
  [head.figure ? "text-end" : "", head.className ?? ""].filter(Boolean).join(" ") || undefined;

/**
 * The header row of the commission screens' tables. `actions`: a last column
 * named for screen readers only (its buttons say what they do).
 */
export function TableHead({
  heads,
  actions = false,
}: {
  heads: readonly ColumnHead[];
  actions?: boolean;
}) {
  return (
    <thead>
      <tr>
        {heads.map((head) => (
          <th key={head.key ?? head.text} scope="col" className={headClass(head)}>
            {head.text}
          </th>
        ))}
        {actions && (
          <th scope="col">
            <span className="visually-hidden">{translate("Actions")}</span>
          </th>
        )}
      </tr>
    </thead>
  );
}

/** The one row of a table that has none: across its columns, what that means. */
export function EmptyRow({
  columns,
  testId,
  children,
}: {
  columns: number;
  testId?: string;
  children: ReactNode;
}) {
  return (
    <tr>
      <td colSpan={columns} className="text-muted" data-testid={testId}>
        {children}
      </td>
    </tr>
  );
}

/** A member's name, to their commission statement (named so for screen readers). */
export function StatementLink({ to, name }: { to: string; name: string }) {
  return (
    <Link to={to} aria-label={translate("Commission statement of {{name}}", { name })}>
      {name}
    </Link>
  );
}

/**
 * What a query read, once it has answered: its failure said in its place,
 * a skeleton while it is asked.
 */
export function WhenRead<T>({
  query,
  children,
}: {
  query: { error: Error | null; data: T | undefined };
  children: (data: T) => ReactNode;
}) {
  if (query.error)
    return (
      <p className="mb-0" role="alert">
        {errorText(query.error)}
      </p>
    );
  if (query.data === undefined) return <TableSkeleton rows={2} />;
  return <>{children(query.data)}</>;
}
