import type { ImportCheck, ImportKind, ImportRecord } from "@store/contract";
import { useMutation, useQuery } from "@tanstack/react-query";
import type { LanguageCode } from "../i18n";
import { products } from "./catalog";
import { request, useRefresh } from "./client";
import { users } from "./people";
import { JOB_POLLING } from "./polling";

/** Imports from Excel or CSV (issue 43, docs/decisions/imports.md): the dry run, the apply, a running one. */
export const importKeys = {
  all: ["imports"] as const,
  one: (id: number) => ["imports", id] as const,
};

/** The file as the server reads it: one multipart part. */
function formOf(file: File): FormData {
  const form = new FormData();
  form.append("file", file);
  return form;
}

/** POST imports?kind=&dry_run=1: every bad row and what applying would do; nothing written. */
export function useCheckImport() {
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ImportKind; file: File }) =>
      request<ImportCheck>("POST", `imports?kind=${kind}&dry_run=1`, formOf(file)),
  });
}

/**
 * POST imports?kind=: applied at once (201, done), or by a job for a large
 * file (202, running). A file with a bad row is refused whole (400 with the
 * dry run's `errors`). The lists it fills refresh.
 */
export function useApplyImport() {
  const refresh = useRefresh(products.keys.all, users.keys.all, importKeys.all);
  return useMutation({
    mutationFn: ({ kind, file }: { kind: ImportKind; file: File }) =>
      request<ImportRecord>("POST", `imports?kind=${kind}`, formOf(file)),
    onSuccess: refresh,
  });
}

/** GET imports/{id}: asked again every few seconds while its job runs. */
export function useImportRecord(id: number | null) {
  const refresh = useRefresh(products.keys.all, users.keys.all);
  return useQuery<ImportRecord>({
    queryKey: importKeys.one(id ?? 0),
    enabled: id !== null,
    queryFn: async () => {
      const record = await request<ImportRecord>("GET", `imports/${id ?? 0}`);
      // A job's rows are in: the lists show them.
      if (record.status !== "running") await refresh();
      return record;
    },
    refetchInterval: (query) => (query.state.data?.status === "running" ? JOB_POLLING.ms : false),
  });
}

/** GET imports/template: the kind's template, its headers and example in the language, as a link. */
export function templateUrl(kind: ImportKind, format: "xlsx" | "csv", lang: LanguageCode): string {
  return `/api/imports/template?kind=${kind}&_format=${format}&lang=${lang}`;
}
