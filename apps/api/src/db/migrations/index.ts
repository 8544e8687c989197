import type { Migration } from 'kysely/migration';
import * as m0001 from './0001_initial';
import * as m0002 from './0002_oidc_and_users';
import * as m0003 from './0003_organisations';
import * as m0004 from './0004_submissions';
import * as m0005 from './0005_excel_templates';
import * as m0006 from './0006_jobs_mail_chases';
import * as m0007 from './0007_ods_register';
import * as m0008 from './0008_submission_declaration';
import * as m0009 from './0009_rate_limit';
import * as m0010 from './0010_job_priority';
import * as m0011 from './0011_collection_guidance';
import * as m0012 from './0012_data_quality';
import * as m0015 from './0015_period_statistics';
import * as m0016 from './0016_official_warnings';
import * as m0017 from './0017_closed_organisations';
import * as m0018 from './0018_period_counts';
import * as m0027 from './0027_job_claims_and_progress';
import * as m0028 from './0028_ods_sync_as_jobs';
import * as m0029 from './0029_return_between_people';
import * as m0030 from './0030_access_tokens_and_bulk_returns';
import * as m0031 from './0031_not_checked_findings';

/**
 * Every migration, in order. A static list (not a folder scan) so it works the same under tsx,
 * in tests and in a bundle. Add a new file and one line here.
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_oidc_and_users': m0002,
  '0003_organisations': m0003,
  '0004_submissions': m0004,
  '0005_excel_templates': m0005,
  '0006_jobs_mail_chases': m0006,
  '0007_ods_register': m0007,
  '0008_submission_declaration': m0008,
  '0009_rate_limit': m0009,
  '0010_job_priority': m0010,
  '0011_collection_guidance': m0011,
  '0012_data_quality': m0012,
  '0015_period_statistics': m0015,
  '0016_official_warnings': m0016,
  '0017_closed_organisations': m0017,
  '0018_period_counts': m0018,
  '0027_job_claims_and_progress': m0027,
  '0028_ods_sync_as_jobs': m0028,
  '0029_return_between_people': m0029,
  '0030_access_tokens_and_bulk_returns': m0030,
  '0031_not_checked_findings': m0031,
};
