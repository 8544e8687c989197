/** The shared interface of the specification (section 2), built once and used everywhere. */
export { Breadcrumbs, type BreadcrumbsProps, type Crumb } from './breadcrumbs';
export {
  Checkbox,
  CheckboxGroup,
  type CheckboxGroupProps,
  type CheckboxProps,
  type ChoiceOption,
  RadioGroup,
  type RadioGroupProps,
} from './choice-group';
export {
  type Column,
  DataTable,
  type DataTableProps,
  orderSort,
  querySort,
  type TableSort,
  tableSort,
} from './data-table';
export { DateInput, type DateInputProps, datePartsOf, dateValueOf } from './date-input';
export { Details, type DetailsProps } from './details';
export { ErrorBoundary, type ErrorBoundaryProps } from './error-boundary';
export { ErrorPage, type ErrorPageProps } from './error-page';
export { ErrorSummary, type ErrorSummaryItem } from './error-summary';
export { FileField, type FileFieldProps } from './file-field';
export {
  FileUploadStatus,
  type FileUploadStatusProps,
  type UploadStatus,
  uploadStatusText,
} from './file-upload-status';
export { FilterForm, type FilterFormProps } from './filter-form';
export { describedByOf, ErrorMessage, FormGroup, type FormGroupProps } from './form-group';
export { FullPageMessage, type FullPageMessageProps } from './full-page-message';
export { InsetText, type InsetTextProps } from './inset-text';
export { Modal, type ModalProps } from './modal';
export { Notification, type NotificationProps, type NotificationVariant } from './notification';
export { type Outcome, OutcomeBanner, useOutcome } from './outcome-banner';
export { PageContainer, type PageContainerProps } from './page-container';
export { PageSizeSelect, type PageSizeSelectProps } from './page-size-select';
export {
  ListPaging,
  type ListPagingProps,
  PagedTable,
  type PagedTableProps,
  type PagingChange,
  ResultCount,
  type ResultCountProps,
} from './paged-table';
export { Pagination, type PaginationProps, pageNumbers } from './pagination';
export { QueryState, type QueryStateProps } from './query-state';
export { RequiredLabel, type RequiredLabelProps } from './required-label';
export { SaveButton, type SaveButtonProps } from './save-button';
export {
  type OrganisationSearchRow,
  type SearchKind,
  SearchWidget,
  type SearchWidgetProps,
  type UserSearchRow,
} from './search-widget';
export { Select, type SelectOption, type SelectProps } from './select';
export { SortableHeader, type SortableHeaderProps, type SortOrder } from './sortable-header';
export { Spinner, type SpinnerProps, type SpinnerSize } from './spinner';
export {
  CollectionStatusTag,
  collectionStatusLabel,
  DisplayStateTag,
  PeriodStatusTag,
  SubmissionStatusTag,
  Tag,
  type TagColour,
} from './status-tags';
export { SummaryRow, type SummaryRowProps } from './summary-row';
export { TableScroll, type TableScrollProps } from './table-scroll';
export {
  type InputWidth,
  TextAreaField,
  type TextAreaFieldProps,
  TextField,
  type TextFieldProps,
} from './text-field';
export { UnsavedChangesPrompt, type UnsavedChangesPromptProps } from './unsaved-changes-prompt';
export {
  type ListParams,
  readListParams,
  sortedListStart,
  useListParams,
  useListQuery,
  writeListParams,
} from './use-list-params';
export { type NotificationState, useNotification } from './use-notification';
export { SERVICE_NAME, usePageTitle } from './use-page-title';
export { WarningCallout, type WarningCalloutProps } from './warning-callout';
export { YesNoModal, YesNoModalAbout, type YesNoModalAboutProps, type YesNoModalProps } from './yes-no-modal';
