/** Business constants from the specification, section 9. */
export const constants = {
  currentUserTimeoutMs: 3000,
  notificationAutoCloseMs: 5000,
  saveButtonResetMs: 3000,
  maxYear: 2040,
  maxDays: 32767,
  organisationNameMin: 3,
  organisationNameMax: 250,
  organisationCodeMin: 3,
  showEarlierLaterStep: 3,
  timeZone: 'Europe/London',
  displayLocale: 'en-GB',
  modalZIndex: 1100,
  dropdownMaxHeightPx: 240,
  /** Product decisions: a submission lock lapses after 20 minutes without a save or heartbeat. */
  lockTimeoutMinutes: 20,
  /** Product decisions: SESSIONMANAGEMENT ends a session after 30 minutes idle, warning 2 minutes before. */
  sessionIdleMinutes: 30,
  sessionWarningMinutes: 2,
} as const;

export const featureFlagNames = [
  'COLLECTIONICON',
  'EMAILENABLED',
  'EXCELTEMPLATE',
  'SESSIONMANAGEMENT',
] as const;
export type FeatureFlagName = (typeof featureFlagNames)[number];
