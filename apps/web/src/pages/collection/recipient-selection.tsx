import {
  parseOdsCodes,
  type RecipientCriteria,
  type RecipientSelectionBody,
  type RecipientSelectionResult,
} from '@dcf/domain';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { previewRecipientSelection, useRecipientSelection } from '../../api/collection-organisations';
import { useStps } from '../../api/organisations';
import { problemMessages } from '../../api/problems';
import { InsetText, Select, TextField } from '../../components';
import { OrganisationTypeFilter, RegionFilter } from '../organisation/organisation-filters';

const count = (n: number) => n.toLocaleString('en-GB');
const organisations = (n: number) => `${count(n)} ${n === 1 ? 'organisation' : 'organisations'}`;

export type Criteria = Omit<RecipientCriteria, 'status'> & { status?: RecipientCriteria['status'] };

/** Name or code, type, region, ICB (and, for a list of recipients, open or closed) as form fields. */
export function CriteriaFields({
  idPrefix,
  value,
  onChange,
  withStatus,
}: {
  idPrefix: string;
  value: Criteria;
  onChange: (value: Criteria) => void;
  withStatus?: boolean;
}) {
  const stps = useStps();
  const number = (v: string) => (v ? Number(v) : undefined);
  return (
    <>
      <TextField
        id={`${idPrefix}-query`}
        label="Name or ODS code contains"
        type="search"
        width="two-thirds"
        value={value.query ?? ''}
        onChange={(query) => onChange({ ...value, query: query || undefined })}
      />
      <div className="nhsuk-grid-row">
        <div className="nhsuk-grid-column-one-third">
          <OrganisationTypeFilter
            id={`${idPrefix}-type`}
            label="Organisation type"
            value={value.organisationTypeId ? String(value.organisationTypeId) : ''}
            onChange={(v) => onChange({ ...value, organisationTypeId: number(v) })}
          />
        </div>
        <div className="nhsuk-grid-column-one-third">
          <RegionFilter
            id={`${idPrefix}-region`}
            value={value.regionId ? String(value.regionId) : ''}
            onChange={(v) => onChange({ ...value, regionId: number(v) })}
          />
        </div>
        <div className="nhsuk-grid-column-one-third">
          <Select
            id={`${idPrefix}-stp`}
            label="ICB or STP"
            value={value.stpId ? String(value.stpId) : ''}
            onChange={(v) => onChange({ ...value, stpId: number(v) })}
            options={(stps.data ?? [])
              .filter((s) => !value.regionId || s.regionId === value.regionId)
              .map((s) => ({ value: String(s.id), label: s.name }))}
          />
        </div>
      </div>
      {withStatus ? (
        <Select
          id={`${idPrefix}-status`}
          label="Open or closed"
          value={value.status && value.status !== 'any' ? value.status : ''}
          onChange={(v) => onChange({ ...value, status: (v || undefined) as Criteria['status'] })}
          options={[
            { value: 'open', label: 'Open' },
            { value: 'closed', label: 'Closed' },
          ]}
        />
      ) : null}
    </>
  );
}

/** What a preview says, in words, with the codes a list could not use. */
export function SelectionReport({ result }: { result: RecipientSelectionResult }) {
  const lines: string[] = [];
  if (result.action === 'add') {
    lines.push(`${organisations(result.matching)} found.`);
    if (result.alreadyDone > 0) lines.push(`${count(result.alreadyDone)} already recipients.`);
    if (result.closed > 0) lines.push(`${count(result.closed)} closed: closed organisations are not added.`);
  } else {
    lines.push(`${organisations(result.matching)} found among the recipients.`);
    if (result.withSubmissions > 0)
      lines.push(`${count(result.withSubmissions)} have submissions in this collection and stay.`);
  }
  const codeLists: [string, string[]][] = [
    ['Unknown ODS codes', result.unknownCodes],
    ['Closed organisations', result.closedCodes],
    ['Not recipients', result.notRecipientCodes],
    ['With submissions (kept)', result.withSubmissionsCodes],
  ];
  return (
    <InsetText testId="selection-report">
      {lines.map((line) => (
        <p key={line} className="nhsuk-body">
          {line}
        </p>
      ))}
      {codeLists
        .filter(([, codes]) => codes.length > 0)
        .map(([title, codes]) => (
          <div key={title}>
            <h4 className="nhsuk-heading-xs nhsuk-u-margin-bottom-1">
              {title} ({count(codes.length)})
            </h4>
            <p className="nhsuk-body dcf-code-list">{codes.join(', ')}</p>
          </div>
        ))}
    </InsetText>
  );
}

/**
 * Check first, then change: the preview's count goes on the button ("Add 3,162 organisations"), and the
 * change is one PUT. Any edit to the selection drops the preview, so the count is always the one shown.
 */
export function useCheckedSelection(collectionId: number, onDone: (message: string) => void) {
  const [preview, setPreview] = useState<{
    body: RecipientSelectionBody;
    result: RecipientSelectionResult;
  }>();
  const [errors, setErrors] = useState<string[]>([]);
  const [checking, setChecking] = useState(false);
  const apply = useRecipientSelection(collectionId);

  async function check(body: RecipientSelectionBody) {
    setErrors([]);
    setPreview(undefined);
    setChecking(true);
    try {
      setPreview({ body, result: await previewRecipientSelection(collectionId, body) });
    } catch (error) {
      setErrors(problemMessages(error));
    } finally {
      setChecking(false);
    }
  }

  async function confirm() {
    if (!preview) return;
    setErrors([]);
    try {
      const result = await apply.mutateAsync(preview.body);
      setPreview(undefined);
      const verb = result.action === 'add' ? 'added' : 'removed';
      onDone(`${organisations(result.changes)} ${verb} (${count(result.total)} recipients)`);
    } catch (error) {
      setErrors(problemMessages(error));
    }
  }

  return {
    preview,
    errors,
    checking,
    busy: apply.isPending,
    check,
    confirm,
    reset: () => setPreview(undefined),
  };
}

function ErrorList({ errors }: { errors: string[] }) {
  if (errors.length === 0) return null;
  return (
    <div className="nhsuk-error-message" role="alert">
      {errors.map((e) => (
        <p key={e} className="nhsuk-u-margin-bottom-1">
          <span className="nhsuk-u-visually-hidden">Error: </span>
          {e}
        </p>
      ))}
    </div>
  );
}

/** The confirm button after a preview: "Add 3,162 organisations" / "Remove 12 organisations". */
function ConfirmButton({
  selection,
  action,
}: {
  selection: ReturnType<typeof useCheckedSelection>;
  action: 'add' | 'remove';
}) {
  const { preview } = selection;
  if (!preview) return null;
  const n = preview.result.changes;
  return (
    <>
      <SelectionReport result={preview.result} />
      {n > 0 ? (
        <button
          type="button"
          className={`nhsuk-button${action === 'remove' ? ' nhsuk-button--warning' : ''}`}
          disabled={selection.busy}
          onClick={() => void selection.confirm()}
        >
          {action === 'add' ? 'Add' : 'Remove'} {organisations(n)}
        </button>
      ) : (
        <p className="nhsuk-body">Nothing to {action === 'add' ? 'add' : 'remove'}.</p>
      )}
    </>
  );
}

/** Add every organisation that matches criteria (a whole type, region or ICB, or every search match). */
export function AddByCriteria({
  collectionId,
  onDone,
  initial = {},
  countAtOnce = false,
}: {
  collectionId: number;
  onDone: (m: string) => void;
  /** Criteria to start from, e.g. the search widget's "Select all N matching". */
  initial?: Criteria;
  /** Count as soon as shown, so the confirm button carries the number at once. */
  countAtOnce?: boolean;
}) {
  const [criteria, setCriteria] = useState<Criteria>(initial);
  const selection = useCheckedSelection(collectionId, onDone);
  const counted = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the criteria it was opened with
  useEffect(() => {
    if (!countAtOnce || counted.current) return;
    counted.current = true;
    void selection.check({ action: 'add', criteria: { ...initial, status: 'open' } });
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void selection.check({ action: 'add', criteria: { ...criteria, status: 'open' } });
  };
  return (
    <form onSubmit={submit} aria-label="Add organisations by criteria" noValidate>
      <p className="nhsuk-body">Every open organisation matching all the fields you fill in is added.</p>
      <CriteriaFields
        idPrefix="add-criteria"
        value={criteria}
        onChange={(value) => {
          setCriteria(value);
          selection.reset();
        }}
      />
      <ErrorList errors={selection.errors} />
      <button type="submit" className="nhsuk-button nhsuk-button--secondary" disabled={selection.checking}>
        Count matching organisations
      </button>
      <ConfirmButton selection={selection} action="add" />
    </form>
  );
}

/** Paste or upload ODS codes (CSV or text); the report lists unknown and closed codes before anything changes. */
export function CodeList({
  collectionId,
  action,
  onDone,
}: {
  collectionId: number;
  action: 'add' | 'remove';
  onDone: (m: string) => void;
}) {
  const id = useId();
  const [text, setText] = useState('');
  const selection = useCheckedSelection(collectionId, onDone);
  const codes = parseOdsCodes(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void selection.check({ action, codes });
  };
  return (
    <form
      onSubmit={submit}
      aria-label={action === 'add' ? 'Add a list of ODS codes' : 'Remove a list of ODS codes'}
      noValidate
    >
      <div className="nhsuk-form-group">
        <label className="nhsuk-label" htmlFor={`${id}-codes`}>
          ODS codes
        </label>
        <div className="nhsuk-hint" id={`${id}-hint`}>
          One per line, or separated by commas or spaces. A CSV file's code column is read.
        </div>
        <textarea
          id={`${id}-codes`}
          className="nhsuk-textarea"
          rows={5}
          aria-describedby={`${id}-hint`}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            selection.reset();
          }}
        />
      </div>
      <div className="nhsuk-form-group">
        <label className="nhsuk-label" htmlFor={`${id}-file`}>
          Or upload a CSV or text file
        </label>
        <input
          id={`${id}-file`}
          className="nhsuk-file-upload"
          type="file"
          accept=".csv,.txt,text/csv,text/plain"
          onChange={async (e) => {
            const file = e.target.files?.[0];
            if (!file) return;
            setText(await file.text());
            selection.reset();
          }}
        />
      </div>
      <p className="nhsuk-body">{count(codes.length)} codes read.</p>
      <ErrorList errors={selection.errors} />
      <button
        type="submit"
        className="nhsuk-button nhsuk-button--secondary"
        disabled={selection.checking || codes.length === 0}
      >
        Check codes
      </button>
      <ConfirmButton selection={selection} action={action} />
    </form>
  );
}

/** Remove every recipient matching the list's current filters (after a count). */
export function RemoveMatching({
  collectionId,
  criteria,
  onDone,
}: {
  collectionId: number;
  criteria: Criteria;
  onDone: (m: string) => void;
}) {
  const selection = useCheckedSelection(collectionId, onDone);
  const hasCriteria = Boolean(
    criteria.query || criteria.organisationTypeId || criteria.regionId || criteria.stpId || criteria.status,
  );
  if (!hasCriteria) return null;
  return (
    <div>
      <button
        type="button"
        className="nhsuk-button nhsuk-button--secondary"
        disabled={selection.checking}
        onClick={() =>
          void selection.check({
            action: 'remove',
            criteria: { ...criteria, status: criteria.status ?? 'any' },
          })
        }
      >
        Remove all matching recipients
      </button>
      <ErrorList errors={selection.errors} />
      <ConfirmButton selection={selection} action="remove" />
    </div>
  );
}
