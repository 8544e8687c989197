/**
 * The audit log in words, not codes (decision 0037): what each recorded action is called, and each kind
 * of record. The log keeps the codes (stable, searchable); screens and exports show these. An action
 * not listed here (one added later) is still shown in words, from its code: `submission.sendBack` reads
 * "Return: send back".
 */

export const auditEntityLabels: Record<string, string> = {
  blob: 'File',
  collection: 'Collection',
  featureFlag: 'Feature flag',
  form: 'Form',
  migration: 'Database migration',
  odsSyncRun: 'Register sync',
  organisation: 'Organisation',
  reportingPeriod: 'Reporting period',
  schedule: 'Schedule',
  submission: 'Return',
  submissionRevision: 'Return revision',
  user: 'User',
};

export const auditActionLabels: Record<string, string> = {
  'collection.create': 'Collection created',
  'collection.update': 'Collection changed',
  'collection.delete': 'Collection deleted',
  'collection.guidance': 'Collection guidance changed',
  'collection.excelTemplateEnabled': 'Excel template turned on or off',
  'collectionOrganisation.bulk': 'Recipient organisations changed',
  'collectionOrganisation.addSelection': 'Recipient organisations added by search',
  'collectionOrganisation.removeSelection': 'Recipient organisations removed by search',
  'collectionOrganisation.authorisation': 'Authorisation for an organisation changed',
  'collectionOrganisationRole.set': 'Submitter access changed',
  'collectionRole.assign': 'Collection role given',
  'collectionRole.remove': 'Collection role removed',
  'dataQualityRule.create': 'Data quality rule added',
  'dataQualityRule.update': 'Data quality rule changed',
  'dataQualityRule.delete': 'Data quality rule deleted',
  'export.download': 'Returns exported',
  'odata.read': 'Returns read through the OData feed',
  'featureFlag.set': 'Feature flag changed',
  'form.update': 'Form changed',
  'form.createVersion': 'New form version',
  'form.excelTemplate.record': 'Excel template uploaded',
  'form.excelTemplate.remove': 'Excel template removed',
  'migration.migrate': 'Database migrated',
  'migration.rollback': 'Database migration rolled back',
  'organisation.create': 'Organisation created',
  'organisation.update': 'Organisation changed',
  'organisation.import': 'Organisations imported',
  'organisation.import.add': 'Organisation added by import',
  'organisation.import.update': 'Organisation changed by import',
  'organisation.sync': 'Register synchronised',
  'organisation.sync.add': 'Organisation added by the register',
  'organisation.sync.update': 'Organisation changed by the register',
  'organisation.sync.interrupted': 'Register sync interrupted',
  'organisation.sync.resumed': 'Register sync resumed',
  'reminder.send': 'Reminder sent',
  'reportingPeriod.create': 'Reporting period added',
  'reportingPeriod.update': 'Reporting period changed',
  'reportingPeriod.delete': 'Reporting period deleted',
  'reportingPeriod.bulkAdd': 'Reporting periods added from a schedule',
  'reportingPeriod.bulkReplace': 'Reporting periods replaced from a schedule',
  'schedule.create': 'Schedule created',
  'schedule.update': 'Schedule changed',
  'storage.uploadToken': 'File upload allowed',
  'submission.lock': 'Return opened for editing',
  'submission.unlock': 'Return lock released',
  'submission.saveDraft': 'Draft saved',
  'submission.submit': 'Return submitted',
  'submission.return': 'Return sent back for correction',
  'submission.reopen': 'Return reopened for an organisation',
  'submission.nhsiAuthorise': 'Return authorised for NHSI',
  'submissionRevision.softDelete': 'Return revision deleted',
  'user.signIn': 'Signed in',
  'user.create': 'User created at first sign-in',
  'user.link': 'User linked at first sign-in',
  'user.preRegister': 'User registered',
  'user.grantRole': 'Role given',
  'user.removeRole': 'Role removed',
  'user.nominateAdministrator': 'Collection administrator nominated',
  'user.removeAdministrator': 'Collection administrator removed',
  'user.deactivate': 'User deactivated',
  'user.reactivate': 'User reactivated',
  'user.bootstrapSuperAdministrator': 'First super administrator set up',
};

/** `nhsiAuthorise` -> 'nhsi authorise', `sendForSignOff` -> 'send for sign off'. */
const wordsOf = (code: string) =>
  code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[._-]+/g, ' ')
    .trim()
    .toLowerCase();

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** What a kind of record is called: 'Reporting period'. */
export function auditEntityText(entityType: string): string {
  return auditEntityLabels[entityType] ?? capitalised(wordsOf(entityType));
}

/** What an action is called: 'Reminder sent'; one not listed, from its code: 'Return: send back'. */
export function auditActionText(action: string): string {
  const known = auditActionLabels[action];
  if (known) return known;
  const [entity = '', ...rest] = action.split('.');
  const verb = wordsOf(rest.join(' '));
  return verb ? `${auditEntityText(entity)}: ${verb}` : auditEntityText(entity);
}
