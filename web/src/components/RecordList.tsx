import type { UseMutationResult } from "@tanstack/react-query";
import { Button } from "react-bootstrap";
import { Link } from "react-router";
import type { ListPage } from "../api/client";
import { type Column, DataTable } from "./DataTable";
import { PageHeader } from "./PageHeader";
import { useDeleteDialog } from "./useDeleteDialog";

/**
 * A record list screen: its title with Add New, the paged table, and on each
 * row an Edit link and a Delete that asks first ("Delete Alert"); the remove
 * mutation's refresh reloads the list.
 */
export function RecordList<T>({
  title,
  addTo,
  columns,
  page,
  loading,
  idOf,
  nameOf,
  editTo,
  remove,
  rowClassName,
}: {
  title: string;
  addTo: string;
  /** The columns before Actions. */
  columns: Column<T>[];
  page: ListPage<T> | undefined;
  loading: boolean;
  idOf: (row: T) => number;
  /** Names the row in the Delete Alert and in the buttons' accessible names. */
  nameOf: (row: T) => string;
  editTo: (row: T) => string;
  remove: UseMutationResult<unknown, Error, number>;
  rowClassName?: (row: T) => string | undefined;
}) {
  const deleteDialog = useDeleteDialog<T>({
    remove,
    idOf,
    question: (row) => `Are you sure you want to delete "${nameOf(row)}"?`,
  });
  const actions: Column<T> = {
    header: "Actions",
    className: "text-nowrap",
    cell: (row) => (
      <div className="d-flex gap-1">
        <Link
          to={editTo(row)}
          className="btn btn-sm btn-outline-primary"
          aria-label={`Edit ${nameOf(row)}`}
        >
          Edit
        </Link>
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={`Delete ${nameOf(row)}`}
          onClick={() => deleteDialog.ask(row)}
        >
          Delete
        </Button>
      </div>
    ),
  };

  return (
    <>
      <PageHeader title={title}>
        <Link to={addTo} className="btn btn-primary">
          Add New
        </Link>
      </PageHeader>
      <div className="card p-3">
        <DataTable
          columns={[...columns, actions]}
          page={page}
          loading={loading}
          rowKey={idOf}
          rowClassName={rowClassName}
        />
      </div>
      {deleteDialog.dialog}
    </>
  );
}
