import type { FieldErrors } from '@dcf/domain';
import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { fieldErrorsOf } from '../api/problems';

/** The keys of the form's free-text values (a text box, a select of ids, a date as text). */
export type TextKey<V> = { [K in keyof V]-?: string extends V[K] ? K : never }[keyof V];

/** What binds one field to its edit form: spread on a TextField, TextAreaField, Select or DateInput. */
export interface FieldBinding {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
}

/**
 * The state an edit form keeps: its values, the field messages (the browser's own check, then a 400's
 * `errors`), one failure line for the page, and the error summary's ref, focused whenever new field
 * messages arrive so screen-reader users hear them at once. Imported by path, not through the
 * components' index, so the problems reader stays out of the first bundle. `fieldId` names each field's
 * input (the id its error summary link moves focus to).
 */
export function useEditForm<V extends object>(
  initial: V,
  fieldId: (field: string) => string = (field) => field,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const summary = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (Object.keys(errors).length > 0) summary.current?.focus();
  }, [errors]);

  const set = <K extends keyof V>(key: K, value: V[K]) => setValues((v) => ({ ...v, [key]: value }));
  const error = (field: string) => errors[field]?.[0];

  /**
   * What binds one text value's field (TextField, TextAreaField, Select, DateInput) to the form: its id
   * (the one the error summary links to), value, first message and change.
   */
  const field = <K extends TextKey<V> & string>(key: K): FieldBinding => ({
    id: fieldId(key),
    value: values[key] as string,
    error: error(key),
    onChange: (value: string) => set(key, value as V[K]),
  });

  /** Before sending: clears the page's failure and shows what the browser found; true when it found nothing. */
  const check = (found: FieldErrors) => {
    setFailure(null);
    setErrors(found);
    return Object.keys(found).length === 0;
  };

  /** A failed call: a 400's field messages go to their fields, anything else to the page. */
  const showFailure = (caught: unknown) => {
    const fields = fieldErrorsOf(caught);
    if (fields) setErrors(fields);
    else setFailure(errorMessage(caught));
  };

  /** Runs the call with `pending` set, its failure shown as above. */
  const send = async (call: () => Promise<unknown>) => {
    setPending(true);
    try {
      await call();
    } catch (caught) {
      showFailure(caught);
    } finally {
      setPending(false);
    }
  };

  return {
    values,
    setValues,
    set,
    errors,
    setErrors,
    error,
    field,
    failure,
    setFailure,
    pending,
    summary,
    check,
    showFailure,
    send,
  };
}
