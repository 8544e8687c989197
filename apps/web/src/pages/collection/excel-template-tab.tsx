import {
  type ExcelTemplateDto,
  extensionOf,
  fileWrongTypeMessage,
  formatFileSize,
  formTemplateExtensions,
  xlsxContentType,
} from '@dcf/domain';
import { type ChangeEvent, useState } from 'react';
import { useCollection } from '../../api/collections';
import {
  useExcelTemplate,
  useRecordExcelTemplate,
  useSetExcelTemplateEnabled,
} from '../../api/excel-template';
import { useFeatureFlags } from '../../api/feature-flags';
import { problemMessages } from '../../api/problems';
import { fileDownloadUrl, useFileUpload } from '../../api/storage';
import { browser } from '../../app/browser';
import {
  Checkbox,
  FileField,
  FileUploadStatus,
  InsetText,
  type Outcome,
  OutcomeBanner,
  QueryState,
} from '../../components';

const inputId = 'excel-template-file';

function KeyList({ title, keys, empty }: { title: string; keys: string[]; empty: string }) {
  return (
    <>
      <h3 className="nhsuk-heading-s">{title}</h3>
      {keys.length > 0 ? (
        <ul className="nhsuk-list nhsuk-list--bullet dcf-key-list">
          {keys.map((key) => (
            <li key={key}>
              <code>{key}</code>
            </li>
          ))}
        </ul>
      ) : (
        <p className="nhsuk-body">{empty}</p>
      )}
    </>
  );
}

function TemplateSummary({ template, onDownload }: { template: ExcelTemplateDto; onDownload: () => void }) {
  if (!template.excelTemplateFileName)
    return <p className="nhsuk-body">No template has been uploaded yet.</p>;
  return (
    <>
      <dl className="nhsuk-summary-list">
        <div className="nhsuk-summary-list__row">
          <dt className="nhsuk-summary-list__key">Template</dt>
          <dd className="nhsuk-summary-list__value">
            {template.excelTemplateFileName}
            {template.excelTemplateFileSize !== null
              ? ` (${formatFileSize(template.excelTemplateFileSize)})`
              : ''}
          </dd>
          <dd className="nhsuk-summary-list__actions">
            <button type="button" className="dcf-link-button" onClick={onDownload}>
              Download<span className="nhsuk-u-visually-hidden"> {template.excelTemplateFileName}</span>
            </button>
          </dd>
        </div>
      </dl>
      <KeyList
        title="Form fields the template covers"
        keys={template.coveredKeys}
        empty="None: no defined name matches a field key."
      />
      <KeyList
        title="Form fields the template misses"
        keys={template.missedKeys}
        empty="None: every field has a defined name."
      />
      {template.unknownNames.length > 0 ? (
        <KeyList
          title="Defined names that match no form field (ignored)"
          keys={template.unknownNames}
          empty=""
        />
      ) : null}
    </>
  );
}

/**
 * The 'Let submitters use the Excel template' box: it follows the click at once; the saved value takes
 * over again once the collection is refetched. A refusal shows in the tab's notice.
 */
function useEnabledSwitch(collectionId: number, setNotice: (notice: Outcome | null) => void) {
  const setEnabled = useSetExcelTemplateEnabled(collectionId);
  const [chosen, setChosen] = useState<boolean | null>(null);
  async function toggle(enabled: boolean) {
    setNotice(null);
    setChosen(enabled);
    try {
      await setEnabled.mutateAsync(enabled);
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    } finally {
      setChosen(null);
    }
  }
  return { chosen, toggle, pending: setEnabled.isPending };
}

/**
 * The amend page's excelTemplate tab: upload an .xlsx through the storage tokens (FORMTEMPLATE folder),
 * record it, see which form keys its defined names cover and miss, and, with the EXCELTEMPLATE flag on,
 * let submitters use it.
 */
export function ExcelTemplateTab({ collectionId }: { collectionId: number }) {
  const flags = useFeatureFlags();
  const collection = useCollection(collectionId);
  const template = useExcelTemplate(collectionId);
  const record = useRecordExcelTemplate(collectionId);
  const { status, upload, isUploading } = useFileUpload({ collectionId });
  const [fileError, setFileError] = useState<string | readonly string[] | null>(null);
  const [notice, setNotice] = useState<Outcome | null>(null);

  async function onChoose(event: ChangeEvent<HTMLInputElement>) {
    const input = event.currentTarget;
    const file = input.files?.[0];
    if (!file) return;
    setFileError(null);
    setNotice(null);
    if (extensionOf(file.name) !== '.xlsx') {
      setFileError(fileWrongTypeMessage(formTemplateExtensions));
      return;
    }
    let uploaded: Awaited<ReturnType<typeof upload>>;
    try {
      uploaded = await upload(file);
    } catch {
      return; // FileUploadStatus shows why.
    }
    try {
      await record.mutateAsync({
        excelTemplateFileName: file.name,
        blobNameWithPath: uploaded.blobNameWithPath,
      });
      setNotice({ variant: 'success', message: [`${file.name} is the collection's Excel template.`] });
      input.value = '';
    } catch (error) {
      setFileError(problemMessages(error));
    }
  }

  async function download(blobNameWithPath: string) {
    try {
      browser.assign(await fileDownloadUrl({ collectionId }, blobNameWithPath));
    } catch (error) {
      setNotice({ variant: 'error', message: problemMessages(error) });
    }
  }

  const { chosen, toggle, pending } = useEnabledSwitch(collectionId, setNotice);

  const flagOn = flags.data?.EXCELTEMPLATE === true;
  return (
    <section aria-labelledby="excel-template-heading">
      <h2 className="nhsuk-heading-m" id="excel-template-heading">
        Excel template
      </h2>
      <OutcomeBanner outcome={notice} onClose={() => setNotice(null)} />
      {flags.data && !flagOn ? (
        <InsetText>
          <p>Excel templates are turned off for the service. You can still upload one for later.</p>
        </InsetText>
      ) : null}
      <p className="nhsuk-body">
        An Excel workbook in which cells are named after the form's field keys (Excel defined names).
        Submitters can download it filled with their return, or upload a filled copy to fill in the form.
      </p>
      <QueryState query={template} isEmpty={() => false}>
        {(data) => (
          <TemplateSummary
            template={data}
            onDownload={() => data.blobNameWithPath && void download(data.blobNameWithPath)}
          />
        )}
      </QueryState>

      <FileField
        id={inputId}
        label="Upload a template"
        labelClassName="nhsuk-label--s"
        hint="An .xlsx file. Uploading replaces the current template."
        error={fileError}
        accept={`.xlsx,${xlsxContentType}`}
        disabled={isUploading || record.isPending}
        onChange={(event) => void onChoose(event)}
      >
        <FileUploadStatus status={status} />
      </FileField>

      {flagOn && collection.data ? (
        <Checkbox
          id="excel-template-enabled"
          label="Let submitters use the Excel template"
          checked={chosen ?? collection.data.isExcelTemplateEnabled}
          disabled={pending}
          onChange={(checked) => void toggle(checked)}
        />
      ) : null}
    </section>
  );
}
