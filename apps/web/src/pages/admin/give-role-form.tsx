import type { UserRoleChange } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useCollections } from '../../api/collections';
import { getOrganisations } from '../../api/organisations';
import { ErrorSummary, Select } from '../../components';
import { roleLabels } from './role-labels';

type Role = keyof typeof roleLabels;
const isOrganisationRole = (role: Role) => role === 'DataEntryClerk' || role === 'Authoriser';

/**
 * Give a role: the role, the collection (searched by name) and, for a clerk or an authoriser, the
 * organisation's ODS code. The API checks it is a recipient and that an authoriser is its own staff.
 */
export function GiveRoleForm({
  onGive,
}: {
  onGive: (change: UserRoleChange, text: string) => Promise<void>;
}) {
  const [role, setRole] = useState<Role | ''>('');
  const [term, setTerm] = useState('');
  const [collectionId, setCollectionId] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<{ href: string; message: string }[]>([]);
  const collections = useCollections({ query: term.trim() || undefined, page: 1, pageSize: 50 });
  const options = (collections.data?.items ?? []).map((c) => ({ value: String(c.id), label: c.name }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problems: { href: string; message: string }[] = [];
    if (!role) problems.push({ href: '#give-role', message: 'Select a role' });
    if (!collectionId) problems.push({ href: '#give-collection', message: 'Select a collection' });
    if (role && isOrganisationRole(role) && !code.trim())
      problems.push({ href: '#give-organisation', message: 'Enter the organisation’s ODS code' });
    setErrors(problems);
    if (problems.length > 0 || !role) return;
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
      setErrors([{ href: '#give-organisation', message: `No organisation has the ODS code ${wanted}` }]);
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
      {errors.length > 0 ? <ErrorSummary id="give-role-errors" items={errors} /> : null}
      <form onSubmit={submit} noValidate>
        <Select
          id="give-role"
          label="Role"
          value={role}
          onChange={(value) => setRole(value as Role | '')}
          options={(Object.keys(roleLabels) as Role[]).map((r) => ({ value: r, label: roleLabels[r] }))}
        />
        <div className="nhsuk-form-group">
          <label className="nhsuk-label" htmlFor="give-collection-search">
            Find the collection by name
          </label>
          <input
            className="nhsuk-input nhsuk-u-width-one-half"
            id="give-collection-search"
            type="search"
            value={term}
            onChange={(e) => setTerm(e.target.value)}
          />
        </div>
        <Select
          id="give-collection"
          label="Collection"
          value={collectionId}
          onChange={setCollectionId}
          options={options}
        />
        {role && isOrganisationRole(role) ? (
          <div className="nhsuk-form-group">
            <label className="nhsuk-label" htmlFor="give-organisation">
              Organisation ODS code
            </label>
            <input
              className="nhsuk-input nhsuk-input--width-10"
              id="give-organisation"
              value={code}
              autoComplete="off"
              onChange={(e) => setCode(e.target.value)}
            />
          </div>
        ) : null}
        <button type="submit" className="nhsuk-button nhsuk-button--secondary">
          Give role
        </button>
      </form>
    </section>
  );
}
