import type { UseMutationResult } from "@tanstack/react-query";
import type { RowData } from "@tanstack/react-table";
import type { ReactNode } from "react";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import type { ListPage } from "../api/client";
import type { RemoveTarget } from "../api/crud";
import { translate } from "../i18n/messages";
import { useMayDo } from "../resources/context";
import type { Resource } from "../resources/define";
import type { Noun } from "./BulkActions";
import type { BulkOptions, Column } from "./DataTable";
import { DataTable } from "./DataTable";
import type { ListQueryState } from "./ListError";
import { PageHeader } from "./PageHeader";
import { useDeleteDialog } from "./useDeleteDialog";
import type { ListState } from "./useListState";

/**
 * A record list screen of a resource (its declaration gives the title, the Add
 * New screen, each row's edit screen and the records' noun): its title with Add New, the shared table (filters,
 * search, sort, Export, bulk actions, paging: DataTable), and on each row an
 * Edit link and a Delete that asks first ("Delete Alert"); the remove
 * mutation's refresh reloads the list.
 */
export function RecordList<T extends RowData>({
  list,
  exportFrom,
  bulk,
  resource,
  intro,
  columns,
  page,
  loading,
  idOf,
  nameOf,
  remove,
  rowClassName,
  rowActions,
  deleteDialog: ownDeleteDialog,
  query,
}: {
  list: ListState;
  /** The API list path (Export). */
  exportFrom: string;
  /** The bulk actions; the rows' ids and names are `idOf` and `nameOf`, the noun the resource's. */
  bulk?: Omit<BulkOptions<T>, "idOf" | "nameOf" | "noun"> & { noun?: Noun };
  /** The screen's resource (its ScreenProps). */
  resource: Resource;
  /** A short text under the title: the rule the screen applies (memberships: promotion). */
  intro?: string;
  /** The columns before Actions. */
  columns: Column<T>[];
  page: ListPage<T> | undefined;
  loading: boolean;
  idOf: (row: T) => number;
  /** Names the row in the Delete Alert and in the buttons' accessible names. */
  nameOf: (row: T) => string;
  /** The plain delete's call; a screen with its own `deleteDialog` leaves it out. */
  remove?: UseMutationResult<unknown, Error, RemoveTarget>;
  rowClassName?: (row: T) => string | undefined;
  /** The screen's own buttons of a row, before Edit and Delete. */
  rowActions?: (row: T) => ReactNode;
  /** A Delete Alert that asks more than the plain one (a member's: pages/people/useMemberDeleteDialog.tsx). */
  deleteDialog?: { ask: (row: T) => void; dialog: ReactNode };
  /** The list's query (its failure is shown in the table, with a Retry). */
  query?: ListQueryState;
}) {
  const plainDialog = useDeleteDialog<T>({
    remove,
    idOf,
    nameOf,
    question: (row) =>
      translate('Are you sure you want to delete "{{name}}"?', { name: nameOf(row) }),
  });
  const deleteDialog = ownDeleteDialog ?? plainDialog;
  const { editLink, add, noun } = resource;
  // Each control only for a person who may use it (docs/decisions/permissions-on-screen.md);
  // a person who may only view opens the edit screen read only, by "View".
  const mayAdd = useMayDo("create", resource);
  const mayEdit = useMayDo("update", resource);
  const mayDelete = useMayDo("delete", resource);

  const bulkNoun = bulk?.noun ?? noun;
  const actions: Column<T> = {
    header: "Actions",
    role: "actions",
    sticky: "end",
    cell: (row) => (
      <div className="d-flex gap-1">
        {rowActions?.(row)}
        {editLink && (
          <Link
            to={editLink(idOf(row))}
            className="btn btn-sm btn-outline-primary"
            aria-label={
              mayEdit
                ? translate("Edit {{name}}", { name: nameOf(row) })
                : translate("View {{name}}", { name: nameOf(row) })
            }
          >
            {mayEdit ? translate("Edit") : translate("View")}
          </Link>
        )}
        {mayDelete && (
          <Button
            size="sm"
            variant="outline-danger"
            aria-label={translate("Delete {{name}}", { name: nameOf(row) })}
            onClick={() => deleteDialog.ask(row)}
          >
            {translate("Delete")}
          </Button>
        )}
      </div>
    ),
  };

  return (
    <>
      <PageHeader title={resource.list.title}>
        {add && mayAdd && (
          <Link to={add.path} className="btn btn-primary">
            {translate("Add New")}
          </Link>
        )}
      </PageHeader>
      {intro && (
        <p className="mb-3" data-testid="list-intro">
          {translate(intro)}
        </p>
      )}
      <div className="card p-3">
        <DataTable
          list={list}
          exportFrom={exportFrom}
          bulk={bulk && bulkNoun && { ...bulk, noun: bulkNoun, idOf, nameOf }}
          columns={[...columns, actions]}
          page={page}
          loading={loading}
          rowKey={idOf}
          rowClassName={rowClassName}
          query={query}
        />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
