import { collectionGuidanceBodySchema, GUIDANCE_MAX_LENGTH, guidanceMessages } from '@dcf/domain';
import { type FormEvent, useId, useState } from 'react';
import { useCollectionGuidance, useSaveCollectionGuidance } from '../../api/collection-guidance';
import { useCollection } from '../../api/collections';
import { ErrorMessage, InsetText, OutcomeBanner, QueryState, useOutcome } from '../../components';
import { GuidanceText } from '../../components/guidance-text';

/**
 * The overview tab's guidance for submitters (decision 0025): a text box with the small Markdown
 * subset explained in its hint, how many characters are left, and a preview exactly as submitters
 * see it. Read-only for anyone who may not amend the collection, and once it is archived.
 */
export function GuidanceEditor({ collectionId }: { collectionId: number }) {
  const guidance = useCollectionGuidance(collectionId);
  // The overview tab has loaded the collection already: this reads the same cached query.
  const canEdit = useCollection(collectionId).data?.abilities.canAmend ?? false;
  return (
    <section aria-labelledby="guidance-heading">
      <h3 className="nhsuk-heading-s" id="guidance-heading">
        Guidance for submitters
      </h3>
      <QueryState query={guidance}>
        {(data) => <Editor collectionId={collectionId} saved={data.guidance ?? ''} canEdit={canEdit} />}
      </QueryState>
    </section>
  );
}

function Editor({ collectionId, saved, canEdit }: { collectionId: number; saved: string; canEdit: boolean }) {
  const id = useId();
  const save = useSaveCollectionGuidance(collectionId);
  const [text, setText] = useState(saved);
  const [error, setError] = useState<string | null>(null);
  const { outcome: notice, setOutcome: setNotice, report } = useOutcome();
  const left = GUIDANCE_MAX_LENGTH - text.length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const parsed = collectionGuidanceBodySchema.safeParse({ guidance: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? guidanceMessages.tooLong);
      return;
    }
    setError(null);
    await report(
      async () => {
        const result = await save.mutateAsync(parsed.data.guidance);
        setText(result.guidance ?? '');
        return result;
      },
      (result) => (result.guidance ? guidanceMessages.saved : guidanceMessages.removed),
    );
  }

  return (
    <form onSubmit={submit} aria-label="Guidance for submitters" noValidate>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      <div className={`nhsuk-form-group${error ? ' nhsuk-form-group--error' : ''}`}>
        <label className="nhsuk-label" htmlFor={id}>
          Guidance (optional)
        </label>
        <div className="nhsuk-hint" id={`${id}-hint`}>
          {guidanceMessages.hint}
        </div>
        <ErrorMessage fieldId={id} error={error} />
        <textarea
          id={id}
          className={`nhsuk-textarea${error ? ' nhsuk-textarea--error' : ''}`}
          rows={8}
          value={text}
          disabled={!canEdit}
          aria-describedby={`${id}-hint ${id}-count${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={(e) => setText(e.target.value)}
        />
        <div className="nhsuk-hint nhsuk-u-margin-top-2" id={`${id}-count`} aria-live="polite">
          {left >= 0
            ? `You have ${left.toLocaleString('en-GB')} characters remaining`
            : `You have ${(-left).toLocaleString('en-GB')} characters too many`}
        </div>
      </div>
      {canEdit ? (
        <button type="submit" className="nhsuk-button nhsuk-button--secondary" disabled={save.isPending}>
          Save guidance
        </button>
      ) : null}
      {text.trim() ? (
        <InsetText>
          <p className="nhsuk-body-s nhsuk-u-secondary-text-colour">Preview: how submitters see it</p>
          <GuidanceText text={text} />
        </InsetText>
      ) : null}
    </form>
  );
}
