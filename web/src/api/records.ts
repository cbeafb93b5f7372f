import type { AnyRecordDeclaration } from "@store/contract";
import { createResource } from "./crud";

/** A declared record as the screens read it: its answered fields by name. */
export type DeclaredRow = Record<string, string | number | null> & {
  created_at: string;
  updated_at: string | null;
  version: number;
};

const made = new Map<string, ReturnType<typeof createResource<DeclaredRow, object>>>();

/**
 * A declared record's hooks (contract/src/records.ts): GET and POST <name>,
 * GET, PUT and DELETE <name>/{id}, POST <name>/bulk. One set per record, so
 * every screen shares its cache.
 */
export function recordCalls(record: AnyRecordDeclaration) {
  let calls = made.get(record.name);
  if (!calls) {
    calls = createResource<DeclaredRow, object>({
      name: record.name,
      list: record.name,
      item: (id) => `${record.name}/${id}`,
    });
    made.set(record.name, calls);
  }
  return calls;
}
