export { AuditActor } from "./AuditActor";
export { AuditChanges, fieldChanges, shownValue } from "./AuditChanges";
export {
  AuditRecord,
  auditKinds,
  entityName,
  kindName,
  MEMBER_KINDS,
  recordLink,
} from "./AuditRecord";
export {
  type BulkAction,
  BulkBar,
  type BulkSummary,
  deleteAction,
  type Noun,
  statusActions,
} from "./BulkActions";
export { ConfirmDialog } from "./ConfirmDialog";
export { ConflictPanel } from "./ConflictPanel";
export { dateColumn } from "./columns";
export { type BulkOptions, type Column, DataTable } from "./DataTable";
export { DateInput, formatDateInput, parseDateInput } from "./DateInput";
export {
  type BoundInput,
  Field,
  FieldError,
  fieldId,
  type InputAria,
  inputAria,
  type ShownError,
} from "./Field";
export { FormActions } from "./FormActions";
export { actionLabel, HistoryPanel } from "./HistoryPanel";
export { ImageField } from "./ImageField";
export {
  checkImage,
  type ImageKind,
  ImagePicker,
  INVALID_TYPE_ALERT,
  TOO_LARGE_ALERT,
} from "./ImagePicker";
export {
  DEFAULT_LOGO,
  DEFAULT_PRODUCT_IMAGE,
  ImageWithFallback,
  uploadUrl,
} from "./ImageWithFallback";
export { ExportButton, FilterBar, FilterField, SearchBox } from "./ListControls";
export { ListError, type ListQueryState, listFailed } from "./ListError";
export { CardSkeleton, FormSkeleton, LoadingDots, TableSkeleton } from "./Loading";
export { MissingRecord, useRecordId } from "./MissingRecord";
export { NumberInput } from "./NumberInput";
export { PageHeader } from "./PageHeader";
export { PartsProgress } from "./PartsProgress";
export { RecordList } from "./RecordList";
export {
  type RecordCalls,
  ResourceForm,
  type ResourceFormApi,
  useCustomResourceForm,
  useResourceForm,
} from "./ResourceForm";
export { ScrollingTable } from "./ScrollingTable";
export { SelectBox, SelectPageBox } from "./SelectBoxes";
export { StatusBadge } from "./StatusBadge";
export { RowStatusSwitch, StatusSwitch, statusColumn } from "./StatusSwitch";
export { reportStaleRow, staleRowText } from "./staleRows";
export {
  TYPEAHEAD_PAGE_SIZE,
  type TypeaheadOption,
  type TypeaheadPage,
  TypeaheadSelect,
} from "./TypeaheadSelect";
export { useSelection } from "./table/useSelection";
export { showToast } from "./toastStore";
export { useDebouncedText } from "./useDebouncedText";
export { useDeleteDialog } from "./useDeleteDialog";
export {
  type ListFilter,
  type ListState,
  statusFilter,
  useListState,
  useSearchText,
} from "./useListState";
export {
  FormAnnouncer,
  RecordForm,
  showIssuesOnFields,
  useEditRecord,
  useRecordForm,
} from "./useRecordForm";
export { type ListedResource, useRecordList } from "./useRecordList";
export { useUnsavedChangesWarning } from "./useUnsavedChangesWarning";
