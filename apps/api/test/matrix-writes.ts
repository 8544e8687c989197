import ExcelJS from 'exceljs';
import type { Updateable } from 'kysely';
import type { Database } from '../src/db/schema';
import { organisationJobs } from '../src/modules/organisations/ods-sync';
import type { Client, PersonaKey, Response, TestApp } from './harness';
import { runJobs } from './support/jobs';
import { demoFormId } from './support/submission-fixtures';
import { uploadTemplate, XLSX } from './support/template-upload';

/**
 * A valid request for every write route of the authorisation matrix, so that "allowed" means the change
 * happened and "denied" means nothing changed (read back from the database's fingerprint, and through the
 * API where the route has a read). Each case puts the record it changes in a known state before every
 * call (`arrange`, straight in the database or through the API as an administrator), names the tables an
 * allowed call changes (`changes`, [] for routes that only read: previews, tokens, prefill), and puts the
 * demo data back after the route's allowed calls (`restore`) so one route cannot change another's answer.
 */
export type Expected = 'allow' | 'deny' | 'hidden';

export interface WriteCall {
  /** Route parameters that differ from the demo records' (a fresh record made by `arrange`). */
  params?: Record<string, number | string>;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface WriteCase {
  changes: readonly string[];
  arrange(persona: PersonaKey | 'anonymous', n: number): Promise<WriteCall>;
  /** Reads the change back through the API; answers what is wrong, or null. */
  check?(res: Response, call: WriteCall, client: Client): Promise<string | null>;
  restore?(): Promise<void>;
  /** The expectation when the case's record is not the demo collection's (a fresh draft collection). */
  expected?: (persona: PersonaKey) => Expected;
}

export interface MatrixIds {
  collection: number;
  organisation: number;
  rgt: number;
  period: number;
  form: number;
  schedule: number;
  submission: number;
  revision: number;
}

export interface MatrixContext {
  t: TestApp;
  ids: MatrixIds;
  /** A pre-registered user with no roles, whom the role routes give and take roles. */
  helper: number;
  users: Record<PersonaKey, number>;
  /** A draft collection of the demo manager's, for the route that replaces a collection's periods. */
  sandbox: number;
}

const DAY = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A workbook with one sheet and the form's keys as defined names (a template, or a filled one). */
async function workbook(values: Record<string, number | string> = {}) {
  const wb = new ExcelJS.Workbook();
  const sheet = wb.addWorksheet('Return');
  const keys = ['headcount', 'vacancies', 'sicknessDays', 'covidRelated'];
  keys.forEach((key, i) => {
    wb.definedNames.add(`Return!$B$${i + 2}`, key);
    if (values[key] !== undefined) sheet.getCell(`B${i + 2}`).value = values[key];
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** Dates no other call uses: each period its own day in 2031-2039. */
let nextDay = 0;
function periodBody(name: string) {
  const start = Date.UTC(2031, 0, 1) + nextDay++ * 2 * DAY;
  return {
    name: `${name} ${isoDay(start)}`,
    start: isoDay(start),
    end: isoDay(start),
    submissionsOpen: new Date(start + DAY).toISOString(),
    submissionsClose: new Date(start + 10 * DAY).toISOString(),
  };
}
function oneTimeSchedule() {
  const start = isoDay(Date.UTC(2031, 0, 1) + nextDay++ * 2 * DAY);
  return {
    reportingCycle: 'oneTime',
    firstReportingPeriodStart: start,
    lastReportingPeriodStart: start,
    daysOpen: 5,
    includeWorkingDaysOnly: false,
  };
}

const admins: PersonaKey[] = ['superAdmin', 'collectionAdmin'];
const editors: PersonaKey[] = ['clerkA', 'authoriserA'];

export function writeCases(m: MatrixContext): Record<string, WriteCase> {
  const { t, ids } = m;
  const db = t.database.db;
  const asAdmin = () => t.as('superAdmin');
  const demo = `/v1/api/Collection/${ids.collection}`;
  const setSubmission = async (values: Updateable<Database['submission']>) => {
    await db.updateTable('submission').set(values).where('id', '=', ids.submission).execute();
  };
  const setDemo = async (values: Updateable<Database['collection']>) => {
    await db.updateTable('collection').set(values).where('id', '=', ids.collection).execute();
  };
  const draftAgain = () =>
    setSubmission({
      status: 'draft',
      officialRevisionId: null,
      submittedAt: null,
      submittedBy: null,
      returnedAt: null,
      returnedBy: null,
      returnedReason: null,
      nhsiAuthorisedAt: null,
      nhsiAuthorisedBy: null,
      reopenedUntil: null,
      lockedBy: null,
      lockedOn: null,
      lockExpiresAt: null,
      sentForSignoffAt: null,
      sentForSignoffBy: null,
      sentBackAt: null,
      sentBackBy: null,
      sentBackReason: null,
    });
  const completed = async () => {
    await draftAgain();
    await db
      .updateTable('submission')
      .set((eb) => ({
        status: 'completed',
        officialRevisionId: eb.ref('currentRevisionId'),
        submittedAt: new Date(),
      }))
      .where('id', '=', ids.submission)
      .execute();
  };
  /** The lock held by `holder` (a refusal's arrange has no caller: the demo clerk holds it). */
  const lockFor = (holder: PersonaKey | 'anonymous') =>
    setSubmission({
      lockedBy: m.users[holder === 'anonymous' ? 'clerkA' : holder],
      lockedOn: new Date(),
      lockExpiresAt: new Date(Date.now() + 20 * 60_000),
    });
  /** Excel templates switched on for the demo collection (prefill and populate need it), then as before. */
  const excelOn = async (n: number) => {
    if (n === 0) original.excel = await demoFlag('isExcelTemplateEnabled');
    await setDemo({ isExcelTemplateEnabled: true });
  };
  const excelBack = () => setDemo({ isExcelTemplateEnabled: original.excel });
  /** An organisation that is not yet a recipient of the demo collection, a different one each call. */
  const notRecipient = async (n: number) =>
    db
      .selectFrom('organisation')
      .select(['id', 'code'])
      .where('closureDate', 'is', null)
      .where((eb) =>
        eb(
          'id',
          'not in',
          eb
            .selectFrom('collectionOrganisation')
            .select('organisationId')
            .where('collectionId', '=', ids.collection),
        ),
      )
      .orderBy('id')
      .offset(n)
      .limit(1)
      .executeTakeFirstOrThrow();
  const throwawayPeriod = async () => {
    const body = periodBody('Matrix throwaway');
    const row = await db
      .insertInto('reportingPeriod')
      .values({
        collectionId: ids.collection,
        formId: ids.form,
        name: body.name,
        start: body.start,
        end: body.end,
        submissionsOpen: new Date(body.submissionsOpen),
        submissionsClose: new Date(body.submissionsClose),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };
  const rule = (n: number) => ({
    name: `Matrix rule ${n}`,
    severity: 'warning',
    message: 'Vacancies cannot exceed headcount',
    check: { kind: 'compare', left: 'vacancies', operator: '<=', right: 'headcount' },
  });
  const newRule = async (n: number) => {
    const formId = await demoFormId(t);
    const set = await (await asAdmin()).post(`${demo}/Form/${formId}/DataQualityRule`, rule(n));
    const made = set.body.rules.find((r: { name: string }) => r.name === `Matrix rule ${n}`);
    return { formId: set.body.formId as number, ruleId: made.id as string };
  };
  /** Uploads a template through a signed URL as an administrator; answers its blob path. */
  const uploadMatrixTemplate = async (n: number) =>
    uploadTemplate(t, await asAdmin(), ids.collection, await workbook(), { folder: `matrix-${n}` });
  let templateRecorded = false;
  const withTemplate = async () => {
    if (templateRecorded) return;
    const blobNameWithPath = await uploadMatrixTemplate(0);
    const res = await (await asAdmin()).patch(`${demo}/Form/ExcelTemplate`, {
      excelTemplateFileName: 'Matrix template.xlsx',
      blobNameWithPath,
    });
    if (res.status !== 200) throw new Error(`template: ${res.status} ${res.text}`);
    templateRecorded = true;
  };
  const readBack =
    (url: (res: Response, call: WriteCall) => string, ok: (body: any, call: WriteCall) => boolean) =>
    async (res: Response, call: WriteCall, _client: Client) => {
      const read = await (await asAdmin()).get(url(res, call));
      return ok(read.body, call)
        ? null
        : `read back ${url(res, call)}: ${read.status} ${read.text.slice(0, 200)}`;
    };
  const gone = (url: (call: WriteCall) => string) => async (_res: Response, call: WriteCall) => {
    const read = await (await asAdmin()).get(url(call));
    return read.status === 404 ? null : `read back ${url(call)}: ${read.status}, expected 404`;
  };
  const deleteHelperRoles = async () => {
    await db.deleteFrom('collectionRole').where('userId', '=', m.helper).execute();
    await db.deleteFrom('collectionOrganisationRole').where('userId', '=', m.helper).execute();
  };
  const demoFlag = async (column: 'isExcelTemplateEnabled' | 'isEmailEnabled') =>
    (
      await db
        .selectFrom('collection')
        .select(column)
        .where('id', '=', ids.collection)
        .executeTakeFirstOrThrow()
    )[column];
  const original = { excel: false, email: false, daysOpen: 0 };
  /** The session is over: a signed-in route answers 401 to the same browser. */
  const signedOut = async (_res: Response, _call: WriteCall, client: Client) => {
    const after = await client.get('/v1/api/View/Worklist/Counts');
    return after.status === 401 ? null : `still signed in: ${after.status}`;
  };

  return {
    // ---- Collections ---------------------------------------------------------------------------------
    'POST /v1/api/Collection': {
      changes: ['collection'],
      arrange: async (_p, n) => ({
        body: {
          name: `Matrix collection ${n}`,
          period: 'financialYear',
          trustAuthorisation: 'notRequired',
          nhsiAuthorisation: 'notRequired',
        },
      }),
      check: readBack(
        (res) => `/v1/api/Collection/${(res.body as { id: number }).id}`,
        (body, call) => body.name === (call.body as { name: string }).name,
      ),
    },
    'PUT /v1/api/Collection/:id': {
      changes: ['collection'],
      arrange: async (_p, n) => {
        const { body } = await (await asAdmin()).get(demo);
        const { name, assetOwners, users, isEmailEnabled, iconName, trustAuthorisation } = body;
        const { nhsiAuthorisation, fileType, period } = body;
        return {
          body: {
            ...{ name, assetOwners, users, isEmailEnabled, iconName, trustAuthorisation },
            ...{ nhsiAuthorisation, fileType, period, notes: `Matrix notes ${n}` },
          },
        };
      },
      check: readBack(
        () => demo,
        (body, call) => body.notes === (call.body as { notes: string }).notes,
      ),
    },
    'PUT /v1/api/Collection/:id/Guidance': {
      changes: ['collection'],
      arrange: async (_p, n) => ({ body: { guidance: `Matrix guidance ${n}` } }),
      check: readBack(
        () => `${demo}/Guidance`,
        (body, call) => body.guidance === (call.body as { guidance: string }).guidance,
      ),
      restore: async () => {
        await (await asAdmin()).put(`${demo}/Guidance`, { guidance: null });
      },
    },
    'DELETE /v1/api/Collection/:id': {
      changes: ['collection'],
      // A fresh draft of the manager's own each call: nobody else holds a role in it, so it is hidden.
      expected: (p) => ([...admins, 'manager'].includes(p) ? 'allow' : 'hidden'),
      arrange: async (_p, n) => {
        const made = await (await t.as('manager')).post('/v1/api/Collection', {
          name: `Matrix draft ${n}`,
          period: 'financialYear',
        });
        return { params: { id: made.body.id } };
      },
      check: gone((call) => `/v1/api/Collection/${call.params?.id}`),
    },
    'PATCH /v1/api/Collection/:id/Status': {
      changes: ['collection'],
      arrange: async () => {
        await setDemo({ status: 'published' });
        return { body: { status: 'Archived' } };
      },
      check: readBack(
        () => demo,
        (body) => body.status === 'archived',
      ),
      restore: () => setDemo({ status: 'published' }),
    },
    'PATCH /v1/api/Collection/:id/IsExcelTemplateEnabled': {
      changes: ['collection'],
      arrange: async (_p, n) => {
        if (n === 0) original.excel = await demoFlag('isExcelTemplateEnabled');
        return { body: { isExcelTemplateEnabled: !(await demoFlag('isExcelTemplateEnabled')) } };
      },
      check: readBack(
        () => demo,
        (body, call) =>
          body.isExcelTemplateEnabled ===
          (call.body as { isExcelTemplateEnabled: boolean }).isExcelTemplateEnabled,
      ),
      restore: excelBack,
    },

    // ---- Forms, rules, the Excel template -------------------------------------------------------------
    'POST /v1/api/Collection/:id/Form': {
      changes: ['form'],
      arrange: async () => {
        const forms = (await (await asAdmin()).get(`${demo}/Form`)).body;
        return { body: { definition: forms[0].definition } };
      },
    },
    'PUT /v1/api/Collection/:id/Form/:formId': {
      changes: ['form'],
      arrange: async (_p, n) => {
        const formId = await demoFormId(t);
        const form = (await (await asAdmin()).get(`${demo}/Form/${formId}`)).body;
        return {
          params: { formId },
          body: { definition: { ...form.definition, title: `Matrix form ${n}` } },
        };
      },
    },
    'POST /v1/api/Collection/:id/Form/:formId/DataQualityRule': {
      changes: ['form'],
      arrange: async (_p, n) => ({ params: { formId: await demoFormId(t) }, body: rule(1000 + n) }),
    },
    'PUT /v1/api/Collection/:id/Form/:formId/DataQualityRule/:ruleId': {
      changes: ['form'],
      arrange: async (_p, n) => ({ params: await newRule(2000 + n), body: rule(3000 + n) }),
    },
    'DELETE /v1/api/Collection/:id/Form/:formId/DataQualityRule/:ruleId': {
      changes: ['form'],
      arrange: async (_p, n) => ({ params: await newRule(4000 + n) }),
    },
    'PATCH /v1/api/Collection/:id/Form/ExcelTemplate': {
      changes: ['form'],
      arrange: async (_p, n) => ({
        body: {
          excelTemplateFileName: `Matrix ${n}.xlsx`,
          blobNameWithPath: await uploadMatrixTemplate(100 + n),
        },
      }),
    },
    'POST /v1/api/Collection/:id/Form/:formId/ExcelTemplate/Populate': {
      changes: [],
      arrange: async (_p, n) => {
        await withTemplate();
        await excelOn(n);
        return { params: { formId: await demoFormId(t) }, body: { submissionId: ids.submission } };
      },
      restore: excelBack,
    },
    'POST /v1/api/Submission/Prefill/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId': {
      changes: [],
      arrange: async (_p, n) => {
        await excelOn(n);
        return { body: await workbook({ headcount: 42 }), headers: { 'content-type': XLSX } };
      },
      restore: excelBack,
      check: async (res) =>
        (res.body as { values?: { headcount?: unknown } }).values?.headcount === 42
          ? null
          : `prefill read ${res.text.slice(0, 200)}`,
    },

    // ---- Recipients, roles --------------------------------------------------------------------------
    'POST /v1/api/Collection/:id/Organisation/Selection/Preview': {
      changes: [],
      arrange: async () => ({ body: { action: 'add', codes: ['RJ1'] } }),
    },
    'PUT /v1/api/Collection/:id/Organisation/Selection': {
      changes: ['collection_organisation'],
      arrange: async (_p, n) => ({ body: { action: 'add', codes: [(await notRecipient(n)).code] } }),
    },
    'PUT /v1/api/Collection/:id/Organisation/Bulk': {
      changes: ['collection_organisation'],
      arrange: async (_p, n) => ({ body: { add: [(await notRecipient(n)).id], remove: [] } }),
    },
    'PUT /v1/api/Collection/:id/Organisation/Role': {
      changes: ['collection_organisation'],
      // Trust authorisation is mandatory in the demo collection (the flags are forced): optional for this.
      arrange: async () => {
        await setDemo({ trustAuthorisation: 'optional' });
        const row = await db
          .selectFrom('collectionOrganisation')
          .select('isTrustAuthorisationRequired')
          .where('collectionId', '=', ids.collection)
          .where('organisationId', '=', ids.rgt)
          .executeTakeFirstOrThrow();
        return {
          body: [
            {
              organisationId: ids.rgt,
              isTrustAuthorisationRequired: !row.isTrustAuthorisationRequired,
              isNhsiAuthorisationRequired: false,
            },
          ],
        };
      },
      restore: async () => {
        await setDemo({ trustAuthorisation: 'mandatory' });
        await db
          .updateTable('collectionOrganisation')
          .set({ isTrustAuthorisationRequired: true })
          .where('collectionId', '=', ids.collection)
          .execute();
      },
    },
    'PUT /v1/api/Collection/:id/Organisation/:organisationId/SubmitterAccess': {
      changes: ['collection_organisation_role'],
      arrange: async () => {
        await deleteHelperRoles();
        return { body: { userId: m.helper, roles: ['DataEntryClerk'] } };
      },
      check: readBack(
        () => `/v1/api/View/Manager/Collection/${ids.collection}/SubmitterAccess`,
        (body) => JSON.stringify(body).includes(`"userId":${m.helper}`),
      ),
      restore: deleteHelperRoles,
    },
    'PUT /v1/api/Collection/:id/Role': {
      changes: ['collection_role'],
      arrange: async () => {
        await deleteHelperRoles();
        return { body: { userId: m.helper, role: 'submissionManager', assigned: true } };
      },
      check: readBack(
        () => `${demo}/Roles`,
        (body) => JSON.stringify(body).includes(`"userId":${m.helper}`),
      ),
      restore: deleteHelperRoles,
    },

    // ---- Periods and schedules ----------------------------------------------------------------------
    'POST /v1/api/Collection/:id/ReportingPeriod': {
      changes: ['reporting_period'],
      arrange: async () => ({ body: periodBody('Matrix period') }),
      check: readBack(
        (res) => `${demo}/ReportingPeriod/${(res.body as { id: number }).id}`,
        (body, call) => body.name === (call.body as { name: string }).name,
      ),
    },
    'POST /v1/api/Collection/:id/ReportingPeriod/Bulk': {
      changes: ['reporting_period'],
      arrange: async () => ({ body: oneTimeSchedule() }),
    },
    'PUT /v1/api/Collection/:id/ReportingPeriod/Bulk': {
      changes: ['reporting_period'],
      // Replacing deletes every period without submissions: the sandbox's (a draft of the manager's own,
      // hidden from everyone else), not the demo collection's.
      expected: (p) => ([...admins, 'manager'].includes(p) ? 'allow' : 'hidden'),
      arrange: async () => ({ params: { id: m.sandbox }, body: oneTimeSchedule() }),
    },
    'POST /v1/api/Collection/:id/ReportingPeriod/Diff': {
      changes: [],
      arrange: async () => ({ body: oneTimeSchedule() }),
    },
    'PUT /v1/api/Collection/:id/ReportingPeriod/:periodId': {
      changes: ['reporting_period'],
      arrange: async () => ({
        params: { periodId: await throwawayPeriod() },
        body: periodBody('Matrix renamed'),
      }),
      check: readBack(
        (_res, call) => `${demo}/ReportingPeriod/${call.params?.periodId}`,
        (body, call) => body.name === (call.body as { name: string }).name,
      ),
    },
    'DELETE /v1/api/Collection/:id/ReportingPeriod/:periodId': {
      changes: ['reporting_period'],
      arrange: async () => ({ params: { periodId: await throwawayPeriod() } }),
      check: gone((call) => `${demo}/ReportingPeriod/${call.params?.periodId}`),
    },
    'POST /v1/api/Collection/:id/Schedule': {
      changes: ['schedule'],
      arrange: async () => ({ body: { ...oneTimeSchedule(), reportingCycle: 'weekly', isDefault: false } }),
    },
    'PUT /v1/api/Collection/:id/Schedule/:scheduleId': {
      changes: ['schedule'],
      arrange: async (_p, n) => {
        const current = (await (await asAdmin()).get(`/v1/api/Schedule/${ids.schedule}`)).body;
        if (n === 0) original.daysOpen = current.daysOpen;
        const { reportingCycle, firstReportingPeriodStart, lastReportingPeriodStart, daysOpen } = current;
        const { includeWorkingDaysOnly, reopenAfterDays, stayReopenForDays, isDefault } = current;
        return {
          body: {
            ...{
              reportingCycle,
              firstReportingPeriodStart,
              lastReportingPeriodStart,
              includeWorkingDaysOnly,
            },
            ...{ reopenAfterDays, stayReopenForDays, isDefault, daysOpen: daysOpen + 1 },
          },
        };
      },
      check: readBack(
        () => `/v1/api/Schedule/${ids.schedule}`,
        (body, call) => body.daysOpen === (call.body as { daysOpen: number }).daysOpen,
      ),
      restore: async () => {
        await db
          .updateTable('schedule')
          .set({ daysOpen: original.daysOpen })
          .where('id', '=', ids.schedule)
          .execute();
      },
    },
    'POST /v1/api/Collection/:id/ReportingPeriod/:periodId/Reminder': {
      changes: ['chase'],
      arrange: async (_p, n) => {
        if (n === 0) original.email = await demoFlag('isEmailEnabled');
        await setDemo({ isEmailEnabled: true });
        await db.deleteFrom('chase').where('reportingPeriodId', '=', ids.period).execute();
        return { body: { organisationIds: [ids.organisation] } };
      },
      restore: () => setDemo({ isEmailEnabled: original.email }),
    },

    // ---- Submissions --------------------------------------------------------------------------------
    'POST /v1/api/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId/Submission/Lock': {
      changes: ['submission'],
      arrange: async () => {
        await draftAgain();
        return {};
      },
    },
    'DELETE /v1/api/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId/Submission/Lock': {
      changes: ['submission'],
      arrange: async (persona) => {
        await lockFor(persona !== 'anonymous' && editors.includes(persona) ? persona : 'clerkA');
        return {};
      },
      restore: draftAgain,
    },
    'POST /v1/api/Submission/:id/SubmissionRevision': {
      changes: ['submission', 'submission_revision'],
      arrange: async (persona, n) => {
        await lockFor(persona);
        const row = await db
          .selectFrom('submission')
          .select('currentRevisionId')
          .where('id', '=', ids.submission)
          .executeTakeFirstOrThrow();
        return {
          body: { content: { headcount: 100 + n }, status: 'draft', baseRevisionId: row.currentRevisionId },
        };
      },
      restore: draftAgain,
    },
    'PUT /v1/api/Submission/SubmissionRevisions/SoftDelete': {
      changes: ['submission_revision'],
      arrange: async () => {
        await db
          .updateTable('submissionRevision')
          .set({ isDeleted: false, deletedAt: null, deletedBy: null })
          .where('id', '=', ids.revision)
          .execute();
        return { body: { revisionIds: [ids.revision] } };
      },
      restore: async () => {
        await db
          .updateTable('submissionRevision')
          .set({ isDeleted: false })
          .where('id', '=', ids.revision)
          .execute();
      },
    },
    'POST /v1/api/Submission/:id/Return': {
      changes: ['submission'],
      arrange: async (_p, n) => {
        await completed();
        return { body: { reason: `Matrix return ${n}` } };
      },
      restore: draftAgain,
    },
    'POST /v1/api/Submission/:id/SendBack': {
      changes: ['submission'],
      // The route lets the organisation's authorisers in; an administrator passes it but is not one.
      expected: (p) =>
        p === 'authoriserA' ? 'allow' : ['clerkB', 'authoriserB', 'nhsi'].includes(p) ? 'hidden' : 'deny',
      arrange: async (_p, n) => {
        await draftAgain();
        return { body: { reason: `Matrix send back ${n}` } };
      },
      restore: draftAgain,
    },
    'POST /v1/api/Submission/:id/Reopen': {
      changes: ['submission'],
      arrange: async (_p, n) => {
        await draftAgain();
        return { body: { until: new Date(Date.now() + (5 + n) * DAY).toISOString() } };
      },
      restore: draftAgain,
    },
    'POST /v1/api/Collection/:id/ReportingPeriod/:rpId/Organisation/:orgId/Submission/Reopen': {
      changes: ['submission'],
      arrange: async (_p, n) => {
        await draftAgain();
        return { body: { until: new Date(Date.now() + (9 + n) * DAY).toISOString() } };
      },
      restore: draftAgain,
    },
    'POST /v1/api/Submission/:id/NhsiAuthorisation': {
      changes: ['submission'],
      // RJ1's return needs NHSI authorisation for this route: then it is the NHSI user's to authorise.
      expected: (p) =>
        [...admins, 'nhsi'].includes(p) ? 'allow' : ['clerkB', 'authoriserB'].includes(p) ? 'hidden' : 'deny',
      arrange: async () => {
        await db
          .updateTable('collectionOrganisation')
          .set({ isNhsiAuthorisationRequired: true })
          .where('collectionId', '=', ids.collection)
          .where('organisationId', '=', ids.organisation)
          .execute();
        await completed();
        return {};
      },
      restore: async () => {
        await db
          .updateTable('collectionOrganisation')
          .set({ isNhsiAuthorisationRequired: false })
          .where('collectionId', '=', ids.collection)
          .execute();
        await draftAgain();
      },
    },

    // ---- Files ----------------------------------------------------------------------------------------
    'POST /v1/api/Storage/StorageTokensForUpload/Collection/:id/Organisation': {
      changes: [],
      arrange: async (_p, n) => ({
        body: [
          {
            blobNameWithPath: `${ids.collection}/FORMTEMPLATE/m${n}/t.xlsx`,
            fileSizeInMb: 1,
            isFormTemplate: true,
          },
        ],
      }),
    },
    'POST /v1/api/Storage/StorageTokensForUpload/Collection/:id/Organisation/:orgId': {
      changes: [],
      arrange: async (_p, n) => ({
        body: [
          { blobNameWithPath: `${ids.collection}/${ids.organisation}/MEDIA/m${n}/e.pdf`, fileSizeInMb: 0.01 },
        ],
      }),
    },
    'POST /v1/api/Storage/StorageTokensForDownload/Collection/:id/Organisation': {
      changes: [],
      arrange: async () => ({
        body: [{ blobNameWithPath: `${ids.collection}/FORMTEMPLATE/m0/t.xlsx`, isFormTemplate: true }],
      }),
    },
    'POST /v1/api/Storage/StorageTokensForDownload/Collection/:id/Organisation/:orgId': {
      changes: [],
      arrange: async () => ({
        body: [{ blobNameWithPath: `${ids.collection}/${ids.organisation}/MEDIA/m0/e.pdf` }],
      }),
    },

    // ---- Administration -----------------------------------------------------------------------------
    'POST /v1/api/Collection/Administrators': {
      changes: ['app_user'],
      arrange: async () => {
        await db
          .updateTable('appUser')
          .set({ isNominatedCollectionAdministrator: false })
          .where('id', '=', m.helper)
          .execute();
        return { body: { userId: m.helper, isCollectionAdmin: true } };
      },
      restore: async () => {
        await db
          .updateTable('appUser')
          .set({ isNominatedCollectionAdministrator: false, isManagementOrganisationUser: false })
          .where('id', '=', m.helper)
          .execute();
      },
    },
    'POST /v1/api/User': {
      changes: ['app_user'],
      arrange: async (_p, n) => ({
        body: { email: `matrix.user.${n}@dcf.example`, name: `Matrix User ${n}` },
      }),
    },
    'PUT /v1/api/User/:id/Active': {
      changes: ['app_user'],
      arrange: async () => {
        await db.updateTable('appUser').set({ idpStatus: 'Active' }).where('id', '=', m.helper).execute();
        return { params: { id: m.helper }, body: { active: false } };
      },
      restore: async () => {
        await db.updateTable('appUser').set({ idpStatus: 'Active' }).where('id', '=', m.helper).execute();
      },
    },
    'PUT /v1/api/User/:id/Role': {
      changes: ['collection_role'],
      arrange: async () => {
        await deleteHelperRoles();
        return {
          params: { id: m.helper },
          body: {
            scope: 'collection',
            collectionId: ids.collection,
            role: 'submissionManager',
            granted: true,
          },
        };
      },
      restore: deleteHelperRoles,
    },
    'PUT /v1/api/FeatureFlag/:name': {
      changes: ['feature_flag'],
      arrange: async (_p, n) => ({ body: { enabled: n % 2 === 0 } }),
      restore: async () => {
        await db.deleteFrom('featureFlag').execute();
      },
    },
    'POST /v1/api/Organisation': {
      changes: ['organisation'],
      arrange: async (_p, n) => ({ body: { name: `Matrix Organisation ${n}`, code: `MTX${n}` } }),
    },
    'PUT /v1/api/Organisation/:id': {
      changes: ['organisation'],
      arrange: async (_p, n) => {
        const made = await (await asAdmin()).post('/v1/api/Organisation', {
          name: `Matrix Rename ${n}`,
          code: `MTY${n}`,
        });
        return { params: { id: made.body.id }, body: { name: `Matrix Renamed ${n}`, code: `MTY${n}` } };
      },
      check: readBack(
        (_res, call) => `/v1/api/Organisation/${call.params?.id}`,
        (body, call) => body.name === (call.body as { name: string }).name,
      ),
    },
    'POST /v1/api/Organisation/Admin/Import': {
      changes: ['organisation'],
      arrange: async (_p, n) => ({
        body: {
          content: `RZ${String.fromCharCode(65 + (n % 26))},MATRIX IMPORTED NHS TRUST,Y58,Q70,1 ROAD,,,BRISTOL,,BS1 1AA,20240401,,,,`,
        },
      }),
    },
    'POST /v1/api/Organisation/Admin/TriggerSyncOrganisations': {
      changes: ['ods_sync_run'],
      arrange: async () => ({ body: {} }),
      // The run is a job on the queue, and the test app runs no job worker (JOBS_RUN is off under test):
      // run the sync's job here (only that kind: queued emails stay queued) and wait for the run's end, so
      // it changes no later route's tables.
      check: async (res) => {
        const id = (res.body as { id: number }).id;
        await runJobs(t, { jobs: organisationJobs });
        for (let waited = 0; waited < 120_000; waited += 100) {
          const run = await db
            .selectFrom('odsSyncRun')
            .select('status')
            .where('id', '=', id)
            .executeTakeFirst();
          if (run && run.status !== 'running') return null;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        return `sync run ${id} still running after 120 s`;
      },
    },

    // ---- Sessions and migrations -----------------------------------------------------------------------
    // The bulk call (decision 0039): whoever sees the collection may call it; each row then needs the
    // right to edit its organisation (bulk-returns.test.ts), so an empty call changes nothing for anyone.
    'POST /v1/api/Collection/:collectionId/ReportingPeriod/:periodId/Submission/Bulk': {
      changes: [],
      arrange: async () => ({ body: { returns: [] } }),
    },
    // Personal access tokens (decision 0039): each signed-in user makes and revokes their own.
    'POST /v1/api/User/Current/AccessToken': {
      changes: ['access_token'],
      arrange: async () => ({
        body: { name: 'Matrix', scope: 'read', expires: isoDay(Date.now() + 30 * DAY) },
      }),
    },
    'DELETE /v1/api/User/Current/AccessToken/:id': {
      changes: ['access_token'],
      arrange: async (persona, n) => {
        const token = await db
          .insertInto('accessToken')
          .values({
            userId: persona === 'anonymous' ? m.helper : (m.users[persona] ?? m.helper),
            name: 'Matrix',
            tokenHash: `matrix-${n}`,
            scope: 'read',
            expiresAt: new Date(Date.now() + DAY),
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return { params: { id: token.id } };
      },
    },
    'POST /v1/api/Auth/Refresh': { changes: [], arrange: async () => ({}) },
    'POST /v1/api/Auth/Logout': { changes: [], arrange: async () => ({}), check: signedOut },
    'POST /v1/api/Auth/EndSession': { changes: [], arrange: async () => ({}), check: signedOut },
    // Rollback runs first (routes are ordered longest URL first), Migrate puts the migration back.
    'POST /v1/api/Migration/Rollback': { changes: ['kysely_migration'], arrange: async () => ({}) },
    'POST /v1/api/Migration/Migrate': { changes: ['kysely_migration'], arrange: async () => ({}) },
  };
}
