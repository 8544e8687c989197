import type { FieldErrors, UserRoleChange } from '@dcf/domain';
import type { FormEvent } from 'react';
import { useCollections } from '../../api/collections';
import { getOrganisations } from '../../api/organisations';
import { ErrorSummary, Select, TextField } from '../../components';
import { useEditForm } from '../../components/use-edit-form';
import { roleLabels } from './role-labels';

type Role = keyof typeof roleLabels;
const isOrganisationRole = (role: Role) => role === 'DataEntryClerk' || role === 'Authoriser';

interface Values {
  role: Role | '';
  term: string;
  collectionId: string;
  code: string;
}
const empty: Values = { role: '', term: '', collectionId: '', code: '' };

/** Each field's input id, which its error summary link moves focus to, in the form's order. */
const fieldIds = { role: 'give-role', collectionId: 'give-collection', code: 'give-organisation' } as const;

/** What the browser can tell before asking for the organisation. */
function problemsOf({ role, collectionId, code }: Values): FieldErrors {
  const errors: FieldErrors = {};
  if (!role) errors.role = ['Select a role'];
  if (!collectionId) errors.collectionId = ['Select a collection'];
  if (role && isOrganisationRole(role) && !code.trim()) errors.code = ['Enter the organisation’s ODS code'];
  return errors;
}

/**
 * Give a role: the role, the collection (searched by name) and, for a clerk or an authoriser, the
 * organisation's ODS code. The API checks it is a recipient and that an authoriser is its own staff.
 */
export function GiveRoleForm({
  onGive,
}: {
  onGive: (change: UserRoleChange, text: string) => Promise<void>;
}) {
  const { values, set, setErrors, error, summary, check } = useEditForm(empty);
  const { role, term, collectionId, code } = values;
  const collections = useCollections({ query: term.trim() || undefined, page: 1, pageSize: 50 });
  const options = (collections.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!check(problemsOf(values)) || !role) return;
    const collection = options.find((o) => o.value === collectionId)?.label ?? '';
    if (!isOrganisationRole(role)) {
      await onGive(
        {
          scope: 'collection',
          collectionId: Number(collectionId),
          role: role as 'collectionManager',
          granted: true,
        },
        `${roleLabels[role]} of ${collection}`,
      );
      return;
    }
    const wanted = code.trim().toUpperCase();
    const found = (await getOrganisations({ query: wanted, page: 1, pageSize: 20 })).items.find(
      (o) => o.code.toUpperCase() === wanted,
    );
    if (!found) {
      setErrors({ code: [`No organisation has the ODS code ${wanted}`] });
      return;
    }
    await onGive(
      {
        scope: 'organisation',
        collectionId: Number(collectionId),
        organisationId: found.id,
        role: role as 'Authoriser',
        granted: true,
      },
      `${roleLabels[role]} for ${found.name} in ${collection}`,
    );
  }

  return (
    <section aria-labelledby="give-role-heading">
      <h2 className="nhsuk-heading-m" id="give-role-heading">
        Give a role
      </h2>
      <ErrorSummary
        id="give-role-errors"
        ref={summary}
        items={(Object.keys(fieldIds) as (keyof typeof fieldIds)[])
          .filter((field) => error(field))
          .map((field) => ({ href: `#${fieldIds[field]}`, message: error(field) ?? '' }))}
      />
      <form onSubmit={submit} noValidate>
        <Select
          id="give-role"
          label="Role"
          value={role}
          {...(error('role') ? { error: error('role') } : {})}
          onChange={(value) => set('role', value as Role | '')}
          options={(Object.keys(roleLabels) as Role[]).map((r) => ({ value: r, label: roleLabels[r] }))}
        />
        <TextField
          id="give-collection-search"
          label="Find the collection by name"
          type="search"
          width="one-half"
          value={term}
          onChange={(value) => set('term', value)}
        />
        <Select
          id="give-collection"
          label="Collection"
          value={collectionId}
          {...(error('collectionId') ? { error: error('collectionId') } : {})}
          onChange={(value) => set('collectionId', value)}
          options={options}
        />
        {role && isOrganisationRole(role) ? (
          <TextField
            id="give-organisation"
            label="Organisation ODS code"
            width={10}
            value={code}
            error={error('code')}
            autoComplete="off"
            onChange={(value) => set('code', value)}
          />
        ) : null}
        <button type="submit" className="nhsuk-button nhsuk-button--secondary">
          Give role
        </button>
      </form>
    </section>
  );
}
