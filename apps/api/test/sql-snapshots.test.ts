import { type Expression, type SqlBool, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { compiledSaveStatements } from '../src/modules/submissions/save-statements';
import { collectionVisible, returnVisible, submissionVisible, type Viewer } from '../src/platform/visibility';
import { useTestApp } from './harness';
import { lockNewPage, save, submit } from './support/submission-fixtures';

/*
 * SQL a reviewer can read (issue #28 item 6): the visibility predicates (decision 0022) and the save's
 * compiled statements written out in test/sql/*.sql. A change to them changes those files, so it shows
 * in review; the test fails when the code's SQL and the files differ. After a deliberate change, write
 * them again with `npx vitest run --project api-pglite test/sql-snapshots.test.ts -u` and commit them.
 * Both engines compile the same SQL, so both compare with the same files; in CI (CI=true) vitest never
 * writes a snapshot, so a missing file fails too.
 */

const t = useTestApp();

/** One clause a line, so that a changed condition is a changed line in the review. */
function readable(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .replace(
      / (select|from|inner join|left join|where|and|or|order by|group by|returning|values|set|for update|insert into|update) /g,
      '\n  $1 ',
    )
    .trim();
}

/** Every viewer the policy makes (platform/policy.ts `viewerOf`), with small fixed ids. */
const viewers: Record<string, Viewer> = {
  'administrator (everything)': { everything: true, monitored: [], submitterOf: [], nhsi: false },
  'collection or submission manager of collections 7 and 9': {
    everything: false,
    monitored: [7, 9],
    submitterOf: [],
    nhsi: false,
  },
  'clerk or authoriser of organisation 101 in collection 7 and 102 in collection 9': {
    everything: false,
    monitored: [],
    submitterOf: [
      [7, 101],
      [9, 102],
    ],
    nhsi: false,
  },
  'management-organisation (NHSI) user': { everything: false, monitored: [], submitterOf: [], nhsi: true },
  'user with no role': { everything: false, monitored: [], submitterOf: [], nhsi: false },
};

/** The three predicates as the lists use them, each as a whole statement that runs. */
const predicates: Record<string, (viewer: Viewer) => Expression<SqlBool>> = {
  'collections (collectionVisible)': (viewer) => collectionVisible(viewer, 'collection.id'),
  'recipients (returnVisible)': (viewer) =>
    returnVisible(viewer, 'collectionOrganisation.collectionId', 'collectionOrganisation.organisationId'),
  'returns (submissionVisible)': (viewer) => submissionVisible(viewer, 'submission'),
};

const tables = {
  'collections (collectionVisible)': 'collection',
  'recipients (returnVisible)': 'collectionOrganisation',
  'returns (submissionVisible)': 'submission',
} as const;

describe('SQL snapshots', () => {
  it('the visibility predicates, for every kind of viewer, are the SQL in test/sql/visibility.sql', async () => {
    const db = t.database.db;
    const sections: string[] = [];
    for (const [predicate, build] of Object.entries(predicates))
      for (const [who, viewer] of Object.entries(viewers)) {
        const table = tables[predicate as keyof typeof tables];
        const statement = db
          .selectFrom(table)
          .select(sql<number>`count(*)`.as('n'))
          .where(build(viewer))
          .compile();
        // Each one runs on this engine: the snapshot is SQL the database accepts, not only text.
        await db.executeQuery(statement);
        sections.push(
          `-- ${predicate}: ${who}\n-- parameters: ${JSON.stringify(statement.parameters)}\n${readable(statement.sql)};`,
        );
      }
    await expect(`${sections.join('\n\n')}\n`).toMatchFileSnapshot('sql/visibility.sql');
  });

  it("the save's statements (a draft, then a submit, through HTTP) are the SQL in test/sql/save.sql", async () => {
    const { client: authoriser, view } = await lockNewPage(t, 'authoriserA');
    const draft = await save(authoriser, view.submissionId, {
      content: { headcount: 12 },
      baseRevisionId: null,
    });
    expect(draft.status, draft.text).toBe(201);
    const submitted = await submit(authoriser, view.submissionId, { baseRevisionId: draft.body.revision.id });
    expect(submitted.status, submitted.text).toBe(201);

    const statements = compiledSaveStatements(t.database.db);
    expect(Object.keys(statements).map((name) => name.split(':')[0])).toEqual([
      'context (locked)',
      'draft',
      'submit',
    ]);
    const text = Object.entries(statements)
      .map(([name, statement]) => `-- ${name}\n${readable(statement)};`)
      .join('\n\n');
    await expect(`${text}\n`).toMatchFileSnapshot('sql/save.sql');
  });
});
