/**
 * Every user-facing message the specification spells out, in one place.
 * The API answers with these and the web app shows them; never retype one elsewhere.
 */
export const messages = {
  required: 'Please fill in this field',
  minimumOne: 'value must be greater than or equal to 1',
  invalidTime: 'Enter a valid time',
  invalidDate: 'Enter a valid date',
  yearTooLate: 'Ensure year is less than or equal 2040',
  reopenRequired: 'You must provide this if the submission is to be reopened',
  daysTooLarge: 'Ensure this value is less than or equal to 32767.',

  organisationNameTooShort: 'Name must be minimum three characters long',
  organisationNameTooLong: 'Name can not exceed the maximum length of 250',
  organisationCodeTooShort: 'Code must be minimum three characters long',
  closureDateInFuture: 'Date must be today or in the past',

  periodDuplicate: 'A reporting period with the same start and end date exists already',
  periodEndBeforeStart: 'End date cannot be before Start date',
  periodOpenBeforeStart: 'Submissions Open Date can not be before start date',
  periodCloseBeforeStart: 'Submissions close date can not be before start date',
  periodCloseBeforeOpen: 'Submissions closed date can not be before submissions open date',
  periodReopenNotAfterClose: 'Submissions re-open date must be after submissions closed date',
  periodRecloseNotAfterReopen: 'Submissions re-close date must be after submissions re-open date',

  fileWrongType: 'File is the wrong type; it must be {{ pattern }}',
  fileTooSmall: 'File is too small; it must be at least {{ size }}',
  fileTooBig: 'File is too big; it must be at most {{ size }}',
  fileTooLargeUnpacked: 'The file is too large once opened',
  somethingWentWrong: 'Something went wrong',
  somethingWentWrongDot: 'Something went wrong.',
  formDefinitionNotObject: 'A form definition upload must be a valid JSON object',

  notAuthorised: 'Not Authorised',
  forbidden: 'Forbidden',
  notFound: 'Not found',

  noScheduledPeriods: 'This collection has no scheduled reporting periods',
  noRecipientOrganisations: 'This collection has not been assigned any recipients organisations',
  noFormDefinition: 'This collection has no form definition',

  errorSummaryHeading: 'There is a problem',
  noData: 'No data to show',
  noResults: 'No results(s) found',
  selectAnOption: 'Select an option',
  searchTitle: 'Searching across all organisations',
  saving: 'Saving...',
  saved: 'Successfully saved.',
  saveFailed: 'Failed to save.',
  pdfUnavailable: 'Pdf download not available now. Please try again later.',
  unsavedChanges: 'Changes that you made have not been saved',
  serviceProblem: 'Sorry, there is a problem with the service',
  // Not spelled by the specification; ours (decision 0018): the database or the identity provider is down.
  serviceUnavailable: 'The service is not available at the moment. Please try again in a few minutes.',
  signInServiceUnavailable:
    'The sign-in service is not available at the moment. Please try again in a few minutes.',
  pageComplete: 'This page is complete',

  // An archived collection: not spelled by the specification; ours. Every change to it is refused (409
  // collection_archived) with both lines: what is in the way, and what to do (its Restore, on the overview
  // tab or Hidden collections, publishes it again).
  collectionArchived: 'An archived collection cannot be changed',
  collectionRestoreFirst: 'Restore it (publish) first.',

  // Submissions: not spelled by the specification; ours (docs/decisions, submissions).
  submissionPeriodClosed: 'This reporting period is closed',
  submissionPeriodNotOpen: 'This reporting period is not open yet',
  submissionCollectionNotPublished: 'This collection is not accepting returns',
  submissionAuthoriserRequired: 'Only an authoriser can submit this return',
  submissionNoEditRole: 'You do not have permission to edit this return',
  submissionStale: 'This return has been saved by someone else since you opened it',
  submissionLockRequired: 'You must be editing this return to save it',
  /** The declaration a submitter confirms on the check-your-answers page (decision 0016). */
  submissionDeclaration: 'I confirm that the information in this return is correct and complete',
  submissionDeclarationRequired: 'Confirm that the information in this return is correct and complete',
  submissionNotCompleted: 'Only a completed return can be returned or authorised',
  submissionAlreadyAuthorised: 'This return has already been authorised',
  submissionNhsiNotRequired: 'This return does not need NHSI authorisation',
  // The return between people (decision 0036).
  submissionPageClosed: 'This page has been closed. Open the return again to edit it',
  submissionSignOffNotRequired: "This return does not need an authoriser's sign-off",
  submissionSendBackNotAllowed: 'Only an authoriser of this organisation can send this return back',
  submissionNotDraft: 'Only a saved draft can be sent back',
  pageChecksFailed: 'Answer the questions on this page correctly before marking it complete',
  revisionOfficial: 'The official revision cannot be deleted',
  reopenUntilInPast: 'The date must be in the future',
  awaitingNhsiAuthorisation: 'awaiting NHSI authorisation',

  // Exports, reminders and the audit log: ours (docs/decisions/0006).
  emailSwitchedOff: 'Email is switched off for this collection',
  reminderPeriodNotOpen: 'Reminders can be sent once the reporting period has opened',
  reminderPeriodClosed: 'Reminders cannot be sent because the reporting period has closed',
  exportFormatInvalid: 'Choose CSV or XLSX',
  exportTooWideForExcel:
    'This export has {{ columns }} columns, more than the 16,384 an Excel sheet can hold. Download it as CSV instead',
  exportTooLongForExcel:
    'This export has {{ rows }} rows, more than the 1,048,575 an Excel sheet can hold under its headings. Download it as CSV instead',

  // Hostile input refused at the boundary: ours (docs/decisions/0017).
  controlCharacters: 'Remove the control characters (such as NUL) from this text',
  nestedTooDeeply: 'The request is nested too deeply',
  requestTooLarge: 'The request is too large',
  valueOutOfRange: 'This value is too large or not valid',
} as const;

/** Fills `{{ name }}` placeholders, as the file-upload messages use them. */
export function interpolate(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) =>
    name in values ? String(values[name]) : whole,
  );
}
