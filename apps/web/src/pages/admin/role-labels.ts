/** Each role in words, as the screens name them. */
export const roleLabels = {
  collectionManager: 'Collection manager',
  submissionManager: 'Submission manager',
  DataEntryClerk: 'Data entry clerk',
  Authoriser: 'Authoriser',
} as const;
