import { type AnyRecordDeclaration, DECLARED_RECORDS, type RecordScreens } from "@store/contract";
import { defineResource } from "./define";

const list = () => import("../pages/records/DeclaredList");
const form = () => import("../pages/records/DeclaredForm");

/** A declared record's resource: its list, add and edit screens drawn from the declaration. */
function declaredResource(record: AnyRecordDeclaration, screens: RecordScreens) {
  const { one, many } = record.names;
  return defineResource({
    name: record.name,
    area: record.area,
    api: record.name,
    entity: record.entity,
    idParam: screens.idParam,
    noun: { one: one.toLowerCase(), many: many.toLowerCase() },
    list: { path: screens.list, title: many, screen: list },
    add: { path: screens.add, title: `Add ${one}`, screen: form },
    edit: { path: screens.edit, title: `Edit ${one}`, screen: form },
    sidebar: { ...screens.sidebar, label: many },
  });
}

/** The resources of the records declared with screens (contract/src/records.ts). */
export const declaredResources = DECLARED_RECORDS.flatMap((record) =>
  record.screens ? [declaredResource(record, record.screens)] : [],
);
