import { validationProblem } from '../../platform/errors';
import {
  extractZipParts,
  looksLikeZip,
  NotAZipError,
  unpackedTooLarge,
  type ZipLimits,
  ZipRefusedError,
} from '../../platform/zip-measure';
import { decodeOdsFile } from './ods-file';
import { MAX_IMPORT_MB } from './schemas';

/**
 * The register's own downloads are zips holding one CSV (epraccur.zip -> epraccur.csv): one is measured
 * before it is opened (decision 0032) and its CSV read, so nobody has to unzip it first. The CSV may be
 * as large as a register file sent as it is.
 */
const ODS_ZIP_LIMITS: ZipLimits = {
  maxEntries: 20,
  maxEntryBytes: MAX_IMPORT_MB * 1024 * 1024,
  maxTotalBytes: 4 * MAX_IMPORT_MB * 1024 * 1024,
  maxRatio: 100,
  ratioFromBytes: 1024 * 1024,
};

/** The text of an uploaded register file, sent as it is or zipped. 400 or 413 when it cannot be read. */
export async function decodeOdsUpload(bytes: Buffer): Promise<string> {
  if (!looksLikeZip(bytes)) return decodeOdsFile(bytes);
  let csvs: { name: string; data: Buffer }[];
  try {
    csvs = await extractZipParts(bytes, (name) => name.toLowerCase().endsWith('.csv'), ODS_ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefusedError) throw unpackedTooLarge(error);
    if (error instanceof NotAZipError)
      throw validationProblem({ content: ['The zip file is damaged or encrypted: send the CSV itself.'] });
    throw error;
  }
  const [csv] = csvs;
  if (!csv || csvs.length > 1)
    throw validationProblem({
      content: [
        csvs.length === 0
          ? 'The zip file holds no CSV file: send the register file (a .csv) or the zip the register gives.'
          : `The zip file holds ${csvs.length} CSV files: send one register file at a time.`,
      ],
    });
  return decodeOdsFile(csv.data);
}
