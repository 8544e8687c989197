import { useState } from 'react';
import { errorMessage } from '../../api/client';
import type { StoredFileInfo } from '../storage-provider';
import { type ComponentProps, text, useForm } from './context';
import { Field, inputProps, useFieldParts } from './field';
import { getPath } from './paths';

/**
 * A file question: the NHS.UK file upload input, then the files attached, each a link that opens it
 * and a Remove button. Files go straight to storage through the page's file service (progress in
 * words and save disabled while uploading are the page's, fed by that service); the answer keeps each
 * file's record, never a URL. A file refused (type, size) is listed with the reason until removed.
 */
export function FileInput(props: ComponentProps) {
  const { component, path } = props;
  const form = useForm();
  const parts = useFieldParts(component, path);
  const value = getPath(form.data, path);
  const files = (Array.isArray(value) ? value : []) as StoredFileInfo[];
  const [refused, setRefused] = useState<{ name: string; message: string }[]>([]);
  const [busy, setBusy] = useState(0);
  const service = form.fileService;
  const multiple = component.multiple === true;
  const pattern = text(component.filePattern);
  const disabled = form.readOnly || component.disabled === true || !service;

  const upload = async (chosen: File[]) => {
    if (!service) return;
    let current = files;
    for (const file of multiple ? chosen : chosen.slice(0, 1)) {
      setBusy((n) => n + 1);
      try {
        const stored = await service.uploadFile('dcf', file, file.name, '');
        current = multiple ? [...current, stored] : [stored];
        form.setValue(path, current);
      } catch (error) {
        setRefused((list) => [...list, { name: file.name, message: errorMessage(error) }]);
      } finally {
        setBusy((n) => n - 1);
      }
    }
  };

  const open = async (file: StoredFileInfo) => {
    if (!service) return;
    try {
      const { url } = await service.downloadFile(file);
      window.open(url, '_blank', 'noopener');
    } catch (error) {
      setRefused((list) => [...list, { name: file.originalName, message: errorMessage(error) }]);
    }
  };

  return (
    <Field component={component} parts={parts}>
      {!service && !form.readOnly ? (
        <p className="nhsuk-body-s">Files can be attached when the return is filled in.</p>
      ) : null}
      {form.readOnly ? null : (
        <input
          {...inputProps(props, parts, form)}
          className={`nhsuk-file-upload__input${parts.invalid ? ' nhsuk-file-upload__input--error' : ''}`}
          type="file"
          multiple={multiple}
          accept={pattern && pattern !== '*' ? pattern : undefined}
          disabled={disabled}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])];
            event.target.value = '';
            void upload(chosen);
          }}
        />
      )}
      {busy > 0 ? <p className="nhsuk-body-s">Uploading…</p> : null}
      {files.length > 0 || refused.length > 0 ? (
        <ul className="nhsuk-list dcf-file-list">
          {files.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same name may appear twice.
            <li key={`${file.name}-${index}`}>
              <a
                href={`#${parts.id}`}
                onClick={(event) => {
                  event.preventDefault();
                  void open(file);
                }}
              >
                {file.originalName}
              </a>{' '}
              {disabled ? null : (
                <button
                  type="button"
                  className="dcf-link-button"
                  onClick={() => {
                    const rest = files.filter((_, i) => i !== index);
                    form.setValue(path, rest.length > 0 ? rest : undefined);
                  }}
                >
                  Remove <span className="nhsuk-u-visually-hidden">{file.originalName}</span>
                </button>
              )}
            </li>
          ))}
          {refused.map((file, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the same name may appear twice.
            <li key={`refused-${file.name}-${index}`}>
              <span className="nhsuk-error-message">
                <span className="nhsuk-u-visually-hidden">Error:</span> {file.name} was not attached:{' '}
                {file.message}
              </span>
              <button
                type="button"
                className="dcf-link-button"
                onClick={() => setRefused((list) => list.filter((_, i) => i !== index))}
              >
                Remove <span className="nhsuk-u-visually-hidden">{file.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </Field>
  );
}
