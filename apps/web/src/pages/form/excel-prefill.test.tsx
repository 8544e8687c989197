import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { collectionDto, featureFlags, jsonResponse, users } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { ExcelPrefill } from './excel-prefill';

const collection = collectionDto({
  id: 7,
  name: 'Beds',
  isExcelTemplateEnabled: true,
  status: 'published',
  abilities: { canAmend: false, canDelete: false, canPublish: false, canArchive: false, canMonitor: false },
});
const template = {
  formId: 3,
  excelTemplateFileName: 'beds.xlsx',
  excelTemplateFileSize: 2048,
  blobNameWithPath: '7/FORMTEMPLATE/x/beds.xlsx',
  coveredKeys: ['bedsOpen'],
  missedKeys: [],
  unknownNames: [],
};
const report = {
  values: { bedsOpen: 12 },
  taken: [{ cell: 'Return!B2', key: 'bedsOpen', value: 12 }],
  refused: [{ cell: 'Return!B3', key: 'bedsClosed', reason: 'Not a number' }],
};

let sent: { url: string; init?: RequestInit }[];
function stubApi(flag = true) {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      sent.push({ url, init });
      if (url.endsWith('/FeatureFlag'))
        return jsonResponse(flag ? featureFlags('EXCELTEMPLATE') : featureFlags());
      if (url.endsWith('/Collection/7')) return jsonResponse(collection);
      if (url.endsWith('/Form/ExcelTemplate')) return jsonResponse(template);
      if (url.includes('/Submission/Prefill/')) return jsonResponse(report);
      return jsonResponse({ title: 'Not found', status: 404 }, 404);
    }),
  );
}
beforeEach(() => stubApi());
afterEach(() => vi.unstubAllGlobals());

describe('ExcelPrefill', () => {
  it('sends the chosen workbook as it is and reports each cell taken and refused', async () => {
    const onValues = vi.fn();
    renderAt(<ExcelPrefill collectionId={7} reportingPeriodId={5} organisationId={9} onValues={onValues} />, {
      user: users.submitter,
    });
    const input = await screen.findByLabelText('Upload a filled template');
    const file = new File(['xlsx'], 'filled.xlsx', {
      type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
    await act(async () => {
      fireEvent.change(input, { target: { files: [file] } });
    });
    expect(await screen.findByText('1 answers taken, 1 refused.')).toBeInTheDocument();
    const call = sent.find((c) => c.url.includes('/Prefill/'));
    expect(call?.url).toBe('/v1/api/Submission/Prefill/Collection/7/ReportingPeriod/5/Organisation/9');
    expect(call?.init?.body).toBe(file);
    expect(call?.init?.headers).toMatchObject({ 'Content-Type': file.type });
    expect(onValues).toHaveBeenCalledWith({ bedsOpen: 12 });
    const refused = screen.getByRole('table', { name: 'Cells refused' });
    expect(within(refused).getByText('Not a number')).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Cells taken' })).getByText('Return!B2'),
    ).toBeInTheDocument();
  });

  it('is not offered while EXCELTEMPLATE is off', async () => {
    stubApi(false);
    const { container } = renderAt(
      <ExcelPrefill collectionId={7} reportingPeriodId={5} organisationId={9} onValues={() => {}} />,
      { user: users.submitter },
    );
    await act(async () => {});
    await vi.waitFor(() => expect(sent.some((c) => c.url.endsWith('/FeatureFlag'))).toBe(true));
    expect(container.querySelector('details')).toBeNull();
  });
});
