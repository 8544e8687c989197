import { organisationRoleLabels } from '@dcf/domain';

/** Each role in words, as the screens name them. */
export const roleLabels = {
  collectionManager: 'Collection manager',
  submissionManager: 'Submission manager',
  ...organisationRoleLabels,
} as const;
