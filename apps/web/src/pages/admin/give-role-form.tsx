import type { UserRoleChange } from '@dcf/domain';
import { type FormEvent, useState } from 'react';
import { useCollections } from '../../api/collections';
import { getOrganisations } from '../../api/organisations';
import { ErrorSummary, Select, TextField } from '../../components';
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
        <TextField
          id="give-collection-search"
          label="Find the collection by name"
          type="search"
          width="one-half"
          value={term}
          onChange={setTerm}
        />
        <Select
          id="give-collection"
          label="Collection"
          value={collectionId}
          onChange={setCollectionId}
          options={options}
        />
        {role && isOrganisationRole(role) ? (
          <TextField
            id="give-organisation"
            label="Organisation ODS code"
            width={10}
            value={code}
            autoComplete="off"
            onChange={setCode}
          />
        ) : null}
        <button type="submit" className="nhsuk-button nhsuk-button--secondary">
          Give role
        </button>
      </form>
    </section>
  );
}
