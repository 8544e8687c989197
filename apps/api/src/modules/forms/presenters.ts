import type { Conversion } from '@dcf/forms';
import type { FormRow } from './queries';

/** A form version as the API sends it; a save adds whether it made a new version and what it converted. */
export function presentForm(row: FormRow, createdNewVersion?: boolean, conversions?: Conversion[]) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    hasSubmissions: Boolean(row.hasSubmissions),
    ...(createdNewVersion === undefined ? {} : { createdNewVersion }),
    ...(conversions === undefined ? {} : { conversions }),
  };
}
