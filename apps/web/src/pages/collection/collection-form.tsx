import {
  type CollectionDto,
  type CollectionInput,
  collectionInputSchema,
  type FieldErrors,
  fieldErrorsFromZod,
  type PeriodType,
  type Requirement,
} from '@dcf/domain';
import { type FormEvent, useEffect } from 'react';
import { useFeatureFlags } from '../../api/feature-flags';
import { Checkbox, ErrorSummary, Notification, RadioGroup, TextAreaField, TextField } from '../../components';
import { useEditForm } from '../../components/use-edit-form';

export interface CollectionFormValues {
  name: string;
  notes: string;
  assetOwners: string;
  users: string;
  fileType: string;
  iconName: string;
  isEmailEnabled: boolean;
  period: PeriodType;
  trustAuthorisation: Requirement;
  nhsiAuthorisation: Requirement;
}

export const emptyCollection: CollectionFormValues = {
  name: '',
  notes: '',
  assetOwners: '',
  users: '',
  fileType: '',
  iconName: '',
  isEmailEnabled: false,
  period: 'financialYear',
  trustAuthorisation: 'notRequired',
  nhsiAuthorisation: 'notRequired',
};

export function valuesOf(collection: CollectionDto): CollectionFormValues {
  return {
    name: collection.name,
    notes: collection.notes ?? '',
    assetOwners: collection.assetOwners ?? '',
    users: collection.users ?? '',
    fileType: collection.fileType ?? '',
    iconName: collection.iconName ?? '',
    isEmailEnabled: collection.isEmailEnabled,
    period: collection.period,
    trustAuthorisation: collection.trustAuthorisation,
    nhsiAuthorisation: collection.nhsiAuthorisation,
  };
}

const periodOptions: [PeriodType, string][] = [
  ['financialYear', 'Financial year (April to March)'],
  ['calendarYear', 'Calendar year (January to December)'],
];

const requirementOptions: [Requirement, string, string][] = [
  ['mandatory', 'Mandatory', 'Required for every recipient organisation'],
  ['optional', 'Optional', 'Set for each recipient organisation on the organisations tab'],
  ['notRequired', 'Not required', 'Never required'],
];

/** Field order for the error summary, with the id each link moves focus to. */
const fieldOrder: (keyof CollectionFormValues)[] = [
  'name',
  'notes',
  'assetOwners',
  'users',
  'fileType',
  'iconName',
  'isEmailEnabled',
  'period',
  'trustAuthorisation',
  'nhsiAuthorisation',
];
const fieldId = (field: string) => `collection-${field}`;

/** The error summary in field order; a message for no field of this form (the API's own) links to the name. */
function summaryItems(errors: FieldErrors, error: (field: string) => string | undefined) {
  return [
    ...fieldOrder
      .filter((field) => error(field))
      .map((field) => ({ href: `#${fieldId(field)}`, message: error(field) ?? '' })),
    ...Object.entries(errors)
      .filter(([field]) => !fieldOrder.includes(field as keyof CollectionFormValues))
      .flatMap(([, list]) => list.map((message) => ({ href: `#${fieldId('name')}`, message }))),
  ];
}

/**
 * Every field of the specification's Collection entity a manager edits, validated with the API's own
 * schema before sending; the icon only when COLLECTIONICON is on, the email switch only when EMAILENABLED
 * is on (a flag that is off keeps the saved value untouched). 400 answers land at their fields.
 */
export function CollectionForm({
  initial,
  submitLabel,
  disabled = false,
  onSubmit,
}: {
  initial: CollectionFormValues;
  submitLabel: string;
  /** Archived collections are read-only. */
  disabled?: boolean;
  onSubmit: (input: CollectionInput) => Promise<unknown>;
}) {
  const flags = useFeatureFlags();
  const { values, setValues, set, errors, error, field, failure, pending, summary, check, send } =
    useEditForm(initial, fieldId);

  useEffect(() => setValues(initial), [initial, setValues]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = collectionInputSchema.safeParse(values);
    if (!check(parsed.success ? {} : fieldErrorsFromZod(parsed.error)) || !parsed.success) return;
    await send(() => onSubmit(parsed.data));
  }

  return (
    <>
      <ErrorSummary id="collection-errors" ref={summary} items={summaryItems(errors, error)} />
      {failure ? <Notification variant="error" message={failure} /> : null}
      <form onSubmit={submit} noValidate>
        <fieldset className="nhsuk-fieldset" disabled={disabled}>
          <TextField label="Name" required {...field('name')} />
          <TextAreaField label="Notes" {...field('notes')} />
          <TextField
            label="Asset owners"
            hint="Who owns the data this collection gathers"
            {...field('assetOwners')}
          />
          <TextField label="Users" hint="Who uses the data" {...field('users')} />
          <TextField
            label="File type"
            hint="For example, Excel or CSV, if returns also arrive as files"
            {...field('fileType')}
          />
          {flags.data?.COLLECTIONICON ? (
            <TextField
              label="Icon name"
              hint="The icon shown beside the collection's name"
              {...field('iconName')}
            />
          ) : null}
          {flags.data?.EMAILENABLED ? (
            <Checkbox
              id={fieldId('isEmailEnabled')}
              label="Send emails for this collection"
              checked={values.isEmailEnabled}
              onChange={(checked) => set('isEmailEnabled', checked)}
            />
          ) : null}
          <Radios
            field="period"
            legend="Period type"
            hint="How quarterly and annual periods are counted"
            value={values.period}
            error={error('period')}
            options={periodOptions}
            onChange={(v) => set('period', v as PeriodType)}
          />
          <Radios
            field="trustAuthorisation"
            legend="Trust authorisation"
            hint="Whether an authoriser must submit the return"
            value={values.trustAuthorisation}
            error={error('trustAuthorisation')}
            options={requirementOptions}
            onChange={(v) => set('trustAuthorisation', v as Requirement)}
          />
          <Radios
            field="nhsiAuthorisation"
            legend="NHSI authorisation"
            hint="Whether a management organisation must authorise completed returns"
            value={values.nhsiAuthorisation}
            error={error('nhsiAuthorisation')}
            options={requirementOptions}
            onChange={(v) => set('nhsiAuthorisation', v as Requirement)}
          />
          <button className="nhsuk-button" type="submit" disabled={pending}>
            {pending ? 'Saving...' : submitLabel}
          </button>
        </fieldset>
      </form>
    </>
  );
}

/** A collection setting's radios, side by side; the first takes the field's id, which the error summary links to. */
function Radios<V extends string>(props: {
  field: keyof CollectionFormValues;
  legend: string;
  hint: string;
  value: string;
  error?: string | undefined;
  options: readonly (readonly [V, string, string?])[];
  onChange: (value: V) => void;
}) {
  const id = fieldId(props.field);
  return (
    <RadioGroup
      id={id}
      legend={props.legend}
      hint={props.hint}
      error={props.error}
      inline
      options={props.options.map(([value, label, hint], index) => ({
        value,
        label,
        hint,
        id: index === 0 ? id : undefined,
      }))}
      value={props.value}
      onChange={props.onChange}
    />
  );
}
