import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubXhr } from '../../test/fake-xhr';
import { collectionDto, featureFlags, jsonResponse, users, validationProblem } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { ExcelTemplateTab } from './excel-template-tab';

const flags = featureFlags('EXCELTEMPLATE');
const collection = collectionDto({ id: 7, name: 'Beds' });
const noTemplate = {
  formId: null,
  excelTemplateFileName: null,
  excelTemplateFileSize: null,
  blobNameWithPath: null,
  coveredKeys: [],
  missedKeys: ['headcount', 'vacancies'],
  unknownNames: [],
};
const recorded = {
  ...noTemplate,
  formId: 3,
  excelTemplateFileName: 'beds.xlsx',
  excelTemplateFileSize: 20480,
  blobNameWithPath: '7/FORMTEMPLATE/x/beds.xlsx',
  coveredKeys: ['headcount'],
  missedKeys: ['vacancies'],
  unknownNames: ['oldName'],
};

let calls: { method: string; url: string; body: any }[];
function stubApi(options: { patch?: () => Response } = {}) {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method, url, body });
      if (url.endsWith('/FeatureFlag')) return jsonResponse(flags);
      if (url.endsWith('/Collection/7')) return jsonResponse(collection);
      if (url.endsWith('/Form/ExcelTemplate') && method === 'GET') return jsonResponse(noTemplate);
      if (url.includes('/StorageTokensForUpload/'))
        return jsonResponse([
          { ...body[0], url: '/blobs/upload', expiresOn: '2026-11-23T12:00:00Z', storage: 'local' },
        ]);
      if (url.endsWith('/Form/ExcelTemplate') && method === 'PATCH')
        return options.patch?.() ?? jsonResponse(recorded);
      if (url.endsWith('/IsExcelTemplateEnabled'))
        return jsonResponse({ ...collection, isExcelTemplateEnabled: true });
      return jsonResponse({ title: 'Not found', status: 404 }, 404);
    }),
  );
  // Storage takes the template's PUT at once.
  stubXhr(201);
}

beforeEach(() => stubApi());
afterEach(() => vi.unstubAllGlobals());

const choose = (file: File) =>
  act(async () => {
    fireEvent.change(screen.getByLabelText('Upload a template'), { target: { files: [file] } });
  });

describe('ExcelTemplateTab', () => {
  it('refuses a file that is not .xlsx with the specification message, without uploading', async () => {
    renderAt(<ExcelTemplateTab collectionId={7} />, { user: users.manager });
    expect(await screen.findByText('No template has been uploaded yet.')).toBeInTheDocument();
    await choose(new File(['a,b'], 'beds.csv', { type: 'text/csv' }));
    expect(screen.getByText('File is the wrong type; it must be .xlsx')).toBeInTheDocument();
    expect(screen.getByLabelText('Upload a template')).toHaveAttribute(
      'aria-describedby',
      'excel-template-file-hint excel-template-file-error',
    );
    expect(calls.some((c) => c.url.includes('Storage'))).toBe(false);
  });

  it('uploads through a FORMTEMPLATE token, records it, and lists the keys covered and missed', async () => {
    renderAt(<ExcelTemplateTab collectionId={7} />, { user: users.manager });
    await screen.findByText('No template has been uploaded yet.');
    await choose(
      new File(['xlsx'], 'beds.xlsx', {
        type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      }),
    );
    expect(await screen.findByText("beds.xlsx is the collection's Excel template.")).toBeInTheDocument();
    const token = calls.find((c) => c.url.includes('StorageTokensForUpload'));
    expect(token?.url).toBe('/v1/api/Storage/StorageTokensForUpload/Collection/7/Organisation');
    expect(token?.body[0]).toMatchObject({ isFormTemplate: true });
    expect(token?.body[0].blobNameWithPath).toMatch(/^7\/FORMTEMPLATE\/[0-9a-f-]{36}\/beds\.xlsx$/);
    const patch = calls.find((c) => c.method === 'PATCH' && c.url.endsWith('/Form/ExcelTemplate'));
    expect(patch?.body).toEqual({
      excelTemplateFileName: 'beds.xlsx',
      blobNameWithPath: token?.body[0].blobNameWithPath,
    });

    expect(screen.getByText('beds.xlsx (20 KB)')).toBeInTheDocument();
    const covered = screen.getByRole('heading', { name: 'Form fields the template covers' })
      .nextElementSibling as HTMLElement;
    expect(within(covered).getByText('headcount')).toBeInTheDocument();
    const missed = screen.getByRole('heading', { name: 'Form fields the template misses' })
      .nextElementSibling as HTMLElement;
    expect(within(missed).getByText('vacancies')).toBeInTheDocument();
    expect(screen.getByText('oldName')).toBeInTheDocument();
  });

  it("shows the API's reason when the file is not a workbook", async () => {
    stubApi({
      patch: () =>
        validationProblem(
          { excelTemplateFileName: ['File is the wrong type; it must be .xlsx'] },
          'Your request has errors',
        ),
    });
    renderAt(<ExcelTemplateTab collectionId={7} />, { user: users.manager });
    await screen.findByText('No template has been uploaded yet.');
    await choose(new File(['not really'], 'fake.xlsx'));
    expect(await screen.findByText('File is the wrong type; it must be .xlsx')).toBeInTheDocument();
  });

  it('lets submitters use the template when EXCELTEMPLATE is on', async () => {
    renderAt(<ExcelTemplateTab collectionId={7} />, { user: users.manager });
    const box = await screen.findByLabelText('Let submitters use the Excel template');
    expect(box).not.toBeChecked();
    fireEvent.click(box);
    await waitFor(() =>
      expect(calls.find((c) => c.url.endsWith('/IsExcelTemplateEnabled'))?.body).toEqual({
        isExcelTemplateEnabled: true,
      }),
    );
  });
});
