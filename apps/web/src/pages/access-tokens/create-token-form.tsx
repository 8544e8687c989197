import {
  type AccessTokenScope,
  accessTokenExpiryProblem,
  accessTokenMessages,
  type CreateAccessToken,
} from '@dcf/domain';
import type { FormEvent } from 'react';
import { useCollections } from '../../api/collections';
import { DateInput, ErrorSummary, Notification, RadioGroup, Select, TextField } from '../../components';
import { useEditForm } from '../../components/use-edit-form';

const fieldId = (field: string) => `token-${field}`;
const fieldOrder = ['name', 'scope', 'collectionId', 'expires'] as const;

const scopeOptions: [AccessTokenScope, string, string][] = [
  ['read', 'Read data', 'For Power BI, Excel and reports: it can see what you can see, and change nothing'],
  [
    'submit',
    'Submit returns',
    'For your organisation’s own system: it can lock, save and submit returns you may submit, and nothing else',
  ],
];

interface Values {
  name: string;
  scope: AccessTokenScope | '';
  collectionId: string;
  expires: string;
}
const empty: Values = { name: '', scope: '', collectionId: '', expires: '' };

/** The problems the browser can tell before sending (the API checks the same and answers in the same words). */
function problemsOf(values: Values): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  if (!values.name.trim()) errors.name = [accessTokenMessages.nameRequired];
  else if (values.name.trim().length > 100) errors.name = [accessTokenMessages.nameTooLong];
  if (!values.scope) errors.scope = [accessTokenMessages.scopeRequired];
  const expiry = accessTokenExpiryProblem(values.expires);
  if (expiry) errors.expires = [expiry];
  return errors;
}

/**
 * Create a token: a name, what it may do (radios), optionally one collection, and an expiry date at most
 * a year away (the NHS.UK date input). 400 answers land at their fields.
 */
export function CreateTokenForm({ onCreate }: { onCreate: (body: CreateAccessToken) => Promise<unknown> }) {
  const collections = useCollections({ pageSize: 100, sortBy: 'name', sortOrder: 'ASC' });
  const { values, setValues, set, error, field, failure, pending, summary, check, send } = useEditForm(
    empty,
    fieldId,
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    const scope = values.scope;
    if (!check(problemsOf(values)) || !scope) return;
    await send(async () => {
      await onCreate({
        name: values.name.trim(),
        scope,
        collectionId: values.collectionId ? Number(values.collectionId) : null,
        expires: values.expires,
      });
      setValues(empty);
    });
  }

  const summaryItems = fieldOrder
    .filter((field) => error(field))
    .map((field) => ({
      href: `#${field === 'scope' ? fieldId('scope-read') : fieldId(field)}`,
      message: error(field) ?? '',
    }));

  return (
    <>
      <ErrorSummary id="token-errors" ref={summary} items={summaryItems} />
      {failure ? <Notification variant="error" message={failure} /> : null}
      <form onSubmit={submit} noValidate aria-labelledby="create-token-heading">
        <TextField
          label="Name"
          hint="So you know which system uses it, for example, Power BI workforce dashboard"
          required
          {...field('name')}
        />
        <RadioGroup
          id={fieldId('scope')}
          name="scope"
          legend="What may the token do?"
          error={error('scope')}
          options={scopeOptions.map(([value, label, hint]) => ({ value, label, hint }))}
          value={values.scope}
          onChange={(value) => set('scope', value)}
        />
        <Select
          label="Collection (optional)"
          hint="Limit the token to one collection. Leave it unselected for every collection you can see."
          options={(collections.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          {...field('collectionId')}
        />
        <DateInput
          label="Expiry date"
          hint="The token stops working at the end of this day. At most one year from today. For example, 15 3 2027"
          required
          {...field('expires')}
        />
        <button className="nhsuk-button" type="submit" disabled={pending}>
          Create token
        </button>
      </form>
    </>
  );
}
