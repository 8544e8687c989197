import { fieldErrorsFromZod, type Organisation, organisationInputSchema } from '@dcf/domain';
import { type FormEvent, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../api/client';
import {
  useOrganisation,
  useOrganisationTypes,
  useRegions,
  useSaveOrganisation,
} from '../../api/organisations';
import { hasCode, problemText } from '../../api/problems';
import { paths, routeId } from '../../app/paths';
import {
  Checkbox,
  DateInput,
  ErrorSummary,
  Notification,
  PageContainer,
  Select,
  Spinner,
  TextField,
} from '../../components';
import { useEditForm } from '../../components/use-edit-form';

interface FormValues {
  name: string;
  code: string;
  isManagementOrg: boolean;
  regionId: string;
  organisationTypeId: string;
  closureDate: string;
}

const empty: FormValues = {
  name: '',
  code: '',
  isManagementOrg: false,
  regionId: '',
  organisationTypeId: '',
  closureDate: '',
};

const fromOrganisation = (o: Organisation): FormValues => ({
  name: o.name,
  code: o.code,
  isManagementOrg: o.isManagementOrg,
  regionId: o.regionId ? String(o.regionId) : '',
  organisationTypeId: o.organisationTypeId ? String(o.organisationTypeId) : '',
  closureDate: o.closureDate ?? '',
});

const fieldLabels: [keyof FormValues, string][] = [
  ['name', 'Name'],
  ['code', 'Code'],
  ['regionId', 'Region'],
  ['organisationTypeId', 'Type'],
  ['closureDate', 'Closure date'],
];

/** The body to check and send: the form's text as the API's types. */
function inputOf(values: FormValues) {
  return {
    name: values.name,
    code: values.code,
    isManagementOrg: values.isManagementOrg,
    regionId: values.regionId ? Number(values.regionId) : null,
    organisationTypeId: values.organisationTypeId ? Number(values.organisationTypeId) : null,
    closureDate: values.closureDate || null,
  };
}

/** A field's input id, which the error summary links to. */
const fieldId = (field: string) => `organisation-${field}`;

/** Create or edit an organisation (route: /organisation/manage/edit/{organisationId?}). */
export function EditOrganisationPage() {
  const params = useParams();
  const id = routeId(params.organisationId);
  const existing = useOrganisation(id);
  const regions = useRegions();
  const types = useOrganisationTypes();
  const save = useSaveOrganisation(id);
  const navigate = useNavigate();
  const { values, setValues, set, setErrors, error, field, failure, summary, check, showFailure } =
    useEditForm<FormValues>(empty, fieldId);

  useEffect(() => {
    if (existing.data) setValues(fromOrganisation(existing.data));
  }, [existing.data, setValues]);

  const title = id ? 'Edit organisation' : 'Create an organisation';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = inputOf(values);
    const parsed = organisationInputSchema.safeParse(input);
    if (!check(parsed.success ? {} : fieldErrorsFromZod(parsed.error))) return;
    try {
      await save.mutateAsync(input);
      navigate(paths.organisations);
    } catch (error) {
      // A code already taken is the code field's problem, though the API answers it as a conflict.
      if (hasCode(error, 'already_exists')) setErrors({ code: [problemText(error)] });
      else showFailure(error);
    }
  };

  if (id !== undefined && existing.isPending) return <Spinner block />;
  if (id !== undefined && existing.isError)
    return <Notification variant="error" message={errorMessage(existing.error)} />;

  const listed = fieldLabels.filter(([field]) => error(field));

  return (
    <PageContainer title={title} trail={[{ text: 'Organisations', href: paths.organisations }]}>
      <ErrorSummary
        id="error-summary"
        ref={summary}
        items={listed.map(([key]) => ({ href: `#${fieldId(key)}`, message: error(key) ?? '' }))}
      />
      {failure ? <Notification variant="error" message={failure} /> : null}
      <form onSubmit={submit} noValidate>
        <TextField label="Name" {...field('name')} />
        <TextField label="Code" width={10} {...field('code')} />
        <Checkbox
          id={fieldId('isManagementOrg')}
          label="Management organisation"
          checked={values.isManagementOrg}
          onChange={(checked) => set('isManagementOrg', checked)}
        />
        <Select
          label="Region"
          options={(regions.data ?? []).map((r) => ({ value: String(r.id), label: `${r.code} - ${r.name}` }))}
          {...field('regionId')}
        />
        <Select
          label="Type"
          options={(types.data ?? []).map((t) => ({ value: String(t.id), label: t.shortDescription }))}
          {...field('organisationTypeId')}
        />
        <DateInput
          label="Closure date"
          hint="Leave empty while the organisation is open. For example, 15 3 2026"
          {...field('closureDate')}
        />
        <button className="nhsuk-button" type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </button>
      </form>
    </PageContainer>
  );
}
