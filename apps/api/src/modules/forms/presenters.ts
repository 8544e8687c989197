import type { Conversion } from '@dcf/forms';
import type { FormRow } from './queries';

/**
 * A form version as the API sends it; a save adds whether it made a new version, what it converted and
 * what the product does differently with the form (notices).
 */
export function presentForm(
  row: FormRow,
  createdNewVersion?: boolean,
  conversions?: Conversion[],
  notices?: string[],
) {
  return {
    ...row,
    createdAt: row.createdAt.toISOString(),
    hasSubmissions: Boolean(row.hasSubmissions),
    ...(createdNewVersion === undefined ? {} : { createdNewVersion }),
    ...(conversions === undefined ? {} : { conversions }),
    ...(notices === undefined ? {} : { notices }),
  };
}
