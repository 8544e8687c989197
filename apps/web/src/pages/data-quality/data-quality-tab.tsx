import type { DataQualityRule, DataQualityRuleBody } from '@dcf/domain/data-quality';
import type { FormDefinition } from '@dcf/forms';
import { type RuleField, ruleFields } from '@dcf/forms/data-quality/fields';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../api/client';
import { useDataQualityRules, useSaveDataQualityRule } from '../../api/data-quality';
import { currentForm, useForms } from '../../api/forms';
import { problemMessages } from '../../api/problems';
import { DataTable, Notification, QueryState, useNotification } from '../../components';
import { kindLabels, RuleEditor } from './rule-editor';

/**
 * The amend page's 'Data quality rules' tab (decision 0028): the rules of the collection's current form
 * version, each added, changed or removed with the editor. Changing the rules of a version that has
 * returns makes a new version (as saving the form does) and says so.
 */
export function DataQualityTab({ collectionId }: { collectionId: number }) {
  const forms = useForms(collectionId);
  return (
    <QueryState query={forms}>
      {(list) => {
        const form = currentForm(list);
        if (!form) return <p className="nhsuk-body">This collection has no form definition</p>;
        return (
          <RulesOfForm
            collectionId={collectionId}
            formId={form.id}
            definition={form.definition as FormDefinition}
          />
        );
      }}
    </QueryState>
  );
}

function RulesOfForm({
  collectionId,
  formId,
  definition,
}: {
  collectionId: number;
  formId: number;
  definition: FormDefinition;
}) {
  const rules = useDataQualityRules(collectionId, formId);
  const save = useSaveDataQualityRule(collectionId);
  const fields = useMemo(() => ruleFields(definition), [definition]);
  const [editing, setEditing] = useState<DataQualityRule | 'new' | null>(null);
  const [serverProblems, setServerProblems] = useState<string[]>([]);
  const { notification, notify, clear } = useNotification();

  const run = async (ruleId: string | undefined, body: DataQualityRuleBody | null, done: string) => {
    setServerProblems([]);
    try {
      const set = await save.mutateAsync({ formId, ...(ruleId ? { ruleId } : {}), body });
      setEditing(null);
      notify({
        variant: 'success',
        message: set.createdNewVersion
          ? `${done} The form had returns, so the rules now belong to a new form version (version ${set.version}); returns already made keep their rules.`
          : done,
        stayOpen: true,
      });
    } catch (error) {
      if (body === null) notify({ variant: 'error', message: errorMessage(error) });
      else setServerProblems(problemMessages(error));
    }
  };

  return (
    <>
      <Notification
        key={notification?.id ?? 'none'}
        {...(notification ?? { variant: 'none' })}
        onClose={clear}
      />
      <h2 className="nhsuk-heading-m">Data quality rules</h2>
      <p className="nhsuk-body">
        Rules check a return as it is filled in and again when it is submitted. An error stops the return
        being submitted; a warning asks the submitter to explain the figure first.
      </p>
      {fields.length === 0 ? (
        <p className="nhsuk-body">The form has no number questions for rules to check.</p>
      ) : null}
      <QueryState query={rules}>
        {(set) => (
          <>
            <RulesTable
              set={set}
              fields={fields}
              busy={save.isPending}
              onChange={(rule) => {
                setServerProblems([]);
                setEditing(rule);
              }}
              onRemove={(rule) => void run(rule.id, null, `Rule '${rule.name}' removed.`)}
            />
            {editing === null ? (
              <button
                type="button"
                className="nhsuk-button"
                disabled={fields.length === 0}
                onClick={() => {
                  setServerProblems([]);
                  setEditing('new');
                }}
              >
                Add a rule
              </button>
            ) : (
              <RuleEditor
                key={editing === 'new' ? 'new' : editing.id}
                {...(editing === 'new' ? {} : { rule: editing })}
                fields={fields}
                saving={save.isPending}
                serverProblems={serverProblems}
                onCancel={() => setEditing(null)}
                onSave={(body) =>
                  void run(editing === 'new' ? undefined : editing.id, body, `Rule '${body.name}' saved.`)
                }
              />
            )}
          </>
        )}
      </QueryState>
    </>
  );
}

/** The check in words, with the questions' labels. */
function describeCheck(rule: DataQualityRule, fields: readonly RuleField[]): string {
  const label = (path: string) => fields.find((f) => f.path === path)?.label ?? path;
  const check = rule.check;
  switch (check.kind) {
    case 'compare':
      return `${label(check.left)} ${check.operator} ${label(check.right)}`;
    case 'sum':
      return `${label(check.total)} = ${check.parts.map(label).join(' + ')}`;
    case 'change': {
      const limits = [
        check.percent !== null ? `${check.percent}%` : '',
        check.amount !== null ? `${check.amount}` : '',
      ]
        .filter(Boolean)
        .join(' and ');
      return `${label(check.field)} changed by more than ${limits} since the last return`;
    }
    case 'range':
      return `${label(check.field)} outside last period's ${check.bounds === 'minMax' ? 'lowest to highest' : '5th to 95th percentile'}`;
    case 'logic':
      return kindLabels.logic;
  }
}

/** The rules of one form version, each with Change and Remove. */
function RulesTable({
  set,
  fields,
  busy,
  onChange,
  onRemove,
}: {
  set: { version: number; rules: readonly DataQualityRule[] };
  fields: readonly RuleField[];
  busy: boolean;
  onChange: (rule: DataQualityRule) => void;
  onRemove: (rule: DataQualityRule) => void;
}) {
  return (
    <DataTable
      caption={`Data quality rules of form version ${set.version}`}
      emptyMessage="No rules yet."
      rows={set.rules}
      rowKey={(rule) => rule.id}
      columns={[
        {
          key: 'rule',
          header: 'Rule',
          cell: (rule) => (
            <>
              {rule.name}
              <div className="nhsuk-hint nhsuk-u-margin-bottom-0">{rule.message}</div>
            </>
          ),
        },
        { key: 'check', header: 'Check', cell: (rule) => describeCheck(rule, fields) },
        {
          key: 'severity',
          header: 'Severity',
          cell: (rule) => (
            <strong
              className={`nhsuk-tag ${rule.severity === 'error' ? 'nhsuk-tag--red' : 'nhsuk-tag--orange'}`}
            >
              {rule.severity === 'error' ? 'Error' : 'Warning'}
            </strong>
          ),
        },
      ]}
      rowActions={(rule) => (
        <div className="nhsuk-button-group">
          <button
            type="button"
            className="nhsuk-button nhsuk-button--secondary nhsuk-button--small"
            onClick={() => onChange(rule)}
          >
            Change<span className="nhsuk-u-visually-hidden"> {rule.name}</span>
          </button>
          <button
            type="button"
            className="nhsuk-button nhsuk-button--warning nhsuk-button--small"
            disabled={busy}
            onClick={() => onRemove(rule)}
          >
            Remove<span className="nhsuk-u-visually-hidden"> {rule.name}</span>
          </button>
        </div>
      )}
    />
  );
}
