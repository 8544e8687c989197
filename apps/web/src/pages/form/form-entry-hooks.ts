import { messages } from '@dcf/domain';
import type { FormDefinition } from '@dcf/forms';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import type { SubmissionPageKey } from '../../api/submissions';
import { paths } from '../../app/paths';
import type { UploadStatus } from '../../components';
import type { FormData } from '../../formio/form-renderer';
import { loadEngine } from '../../formio/renderer/engine';
import { createFileService } from '../../formio/storage-provider';
import type { DataQualityState } from '../data-quality/use-data-quality';
import { useShownFindings } from '../data-quality/use-shown-findings';
import type { SaveAction } from './form-entry-parts';
import type { useFormEntry } from './use-form-entry';

type Entry = ReturnType<typeof useFormEntry>;

/** Attachments upload straight to storage; Save draft and Submit wait while any upload runs. */
export function useUploads({ collectionId, organisationId }: SubmissionPageKey) {
  const [uploading, setUploading] = useState(false);
  const [upload, setUpload] = useState<{ fileName: string; status: UploadStatus } | null>(null);
  const fileService = useMemo(
    () =>
      createFileService(
        { collectionId, organisationId },
        {
          onUploadingChange: setUploading,
          onUploadStatus: (fileName, status) => setUpload({ fileName, status }),
        },
      ),
    [collectionId, organisationId],
  );
  return { uploading, upload, fileService };
}

/**
 * Save draft, Submit and Send for sign-off, and where the page goes after them.
 *
 * Submit saves the answers as a draft, then shows them to check before the declaration and the real
 * submit (check your answers, decision 0016). It leaves once the save has rendered: until then the
 * unsaved-changes prompt still holds the page as changed and would stop the navigation. Send for sign-off
 * (decision 0036) saves the answers with the submit's full checks; what is missing shows in the error
 * summary, as for a submit. Sent, the page confirms it on the confirmation page. Every save is a
 * checkpoint at which the data quality warnings are shown (decision 0037).
 */
export function useSaveAndGo(entry: Entry, pageKey: SubmissionPageKey, checkpoint: () => void) {
  const navigate = useNavigate();
  const [next, setNext] = useState<string | null>(null);
  const { collectionId: c, organisationId: o, reportingPeriodId: rp } = pageKey;
  const saveAndTell = async (action: SaveAction) => {
    try {
      await entry.save('draft', false, action === 'sendForSignOff');
    } finally {
      checkpoint();
    }
    if (action === 'completed') setNext(paths.formCheck(c, o, rp));
    if (action === 'sendForSignOff') setNext(paths.formConfirmation(c, o, rp, 'sentForSignOff'));
  };
  useEffect(() => {
    if (!next) return;
    setNext(null);
    void navigate(next);
  }, [next, navigate]);
  return { saveAndTell, goAfterRender: setNext };
}

/**
 * 'This page is complete' only when the page's questions pass the submit's checks (decision 0036):
 * otherwise its problems show at the questions and in the summary, and the box stays clear.
 */
export function usePageTick(
  entry: Entry,
  definition: FormDefinition | null,
  readData: () => FormData | undefined,
) {
  const [tickError, setTickError] = useState<string | null>(null);
  const { showFieldErrors, setPageComplete } = entry;
  const tickPage = useCallback(
    async (key: string, checked: boolean) => {
      setTickError(null);
      if (checked && definition) {
        const engine = await loadEngine();
        const { errors } = engine.evaluateForm(definition, readData() ?? {}, 'completed');
        const onPage = Object.fromEntries(
          Object.entries(errors).filter(([path, list]) =>
            engine.pagesWithErrors(definition, { [path]: list }).has(key),
          ),
        );
        if (Object.keys(onPage).length > 0) {
          showFieldErrors(onPage);
          setTickError(messages.pageChecksFailed);
          return;
        }
      }
      setPageComplete(key, checked);
    },
    [definition, readData, showFieldErrors, setPageComplete],
  );
  return { tickError, tickPage };
}

/**
 * The data quality findings shown: those flagged at the last checkpoint (opened, saved, page changed),
 * never while a figure is typed (decision 0037). Typing an explanation is a change like an answer's; the
 * ones saved with the return are the baseline.
 */
export function useShownQuality(quality: DataQualityState, entry: Entry) {
  const [checkpoints, setCheckpoints] = useState(0);
  const checkpoint = useCallback(() => setCheckpoints((n) => n + 1), []);
  const shownFindings = useShownFindings(
    quality.findings,
    quality.ready,
    `${checkpoints}:${entry.lastSaved?.at.getTime() ?? ''}`,
    entry.dirty,
  );
  const { explanationChanged, explanationsLoaded } = entry;
  useEffect(() => {
    if (quality.seeded) explanationsLoaded();
  }, [quality.seeded, explanationsLoaded]);
  useEffect(() => {
    if (quality.edits > 0) explanationChanged();
  }, [quality.edits, explanationChanged]);
  return { shown: { ...quality, findings: shownFindings }, checkpoint };
}
