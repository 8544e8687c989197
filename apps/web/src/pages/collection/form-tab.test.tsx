import { messages } from '@dcf/domain';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, stubFetch, users } from '../../test/fixtures';
import { renderAt } from '../../test/render';
import { FormTab } from './form-tab';

const definition = {
  display: 'form',
  components: [{ type: 'number', key: 'beds', label: 'Beds', input: true }],
};
const version = (v: number, extra: Record<string, unknown> = {}) => ({
  id: 10 + v,
  collectionId: 1,
  version: v,
  definition,
  excelTemplateFileName: null,
  excelTemplateFileSize: null,
  createdAt: '2026-11-01T00:00:00Z',
  hasSubmissions: v === 1,
  ...extra,
});

function stubApi() {
  return stubFetch((url, init) => {
    if (url.endsWith('/Collection/1/Form') && (init?.method ?? 'GET') === 'GET')
      return jsonResponse([version(1)]);
    if (url.endsWith('/Collection/1/Form/11') && init?.method === 'PUT')
      return jsonResponse(version(2, { createdNewVersion: true }));
    return undefined;
  });
}

const upload = (text: string, name = 'form.json') =>
  fireEvent.change(screen.getByLabelText('Upload a Form.io JSON definition'), {
    target: { files: [new File([text], name, { type: 'application/json' })] },
  });

afterEach(() => vi.unstubAllGlobals());

describe('FormTab', () => {
  it('explains that a version with returns is not changed in place, and reports the new version after saving', async () => {
    const fetchMock = stubApi();
    renderAt(<FormTab collectionId={1} />, { user: users.manager });
    expect(await screen.findByTestId('form-version')).toHaveTextContent(
      'Returns have been made with this version, so saving will create version 2',
    );
    upload(JSON.stringify({ display: 'wizard', components: [{ type: 'panel', key: 'p1', components: [] }] }));
    expect(
      await screen.findByText('form.json is in the builder. Save to keep it as the form.'),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save form' }));
    expect(
      await screen.findByText(/Version 1 has returns made with it, so the form was saved as version 2/),
    ).toBeInTheDocument();
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body)).definition.display).toBe('wizard');
  });

  it('refuses a broken upload with the clear error and keeps the saved form', async () => {
    const fetchMock = stubApi();
    renderAt(<FormTab collectionId={1} />, { user: users.manager });
    await screen.findByTestId('form-version');
    upload('{"display": "wizard", "components": [');
    expect(await screen.findByText(messages.formDefinitionNotObject)).toBeInTheDocument();
    expect(screen.getByText(/^The file is not JSON/)).toBeInTheDocument();
    upload('{"display": "pdf", "components": []}');
    await waitFor(() =>
      expect(screen.getByText("The form definition's display must be form or wizard")).toBeInTheDocument(),
    );
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PUT' || init?.method === 'POST')).toBe(
      false,
    );
  });

  it('edits the definition as JSON: the box opens on the draft, refuses broken JSON at the box and applies good JSON', async () => {
    stubApi();
    renderAt(<FormTab collectionId={1} />, { user: users.manager });
    await screen.findByTestId('form-version');
    fireEvent.click(screen.getByText('Edit the definition as JSON'));
    const box = screen.getByLabelText<HTMLTextAreaElement>('Form.io JSON definition');
    await waitFor(() => expect(JSON.parse(box.value)).toEqual(definition));
    fireEvent.change(box, { target: { value: '{"display": "wizard", "components": [' } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply JSON' }));
    expect(await screen.findByText(/^The file is not JSON/)).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-describedby', `${box.id}-error`);
    fireEvent.change(box, { target: { value: JSON.stringify({ ...definition, display: 'wizard' }) } });
    fireEvent.click(screen.getByRole('button', { name: 'Apply JSON' }));
    expect(await screen.findByText('The JSON is in the builder. Save to keep it.')).toBeInTheDocument();
    expect(box).not.toHaveAttribute('aria-describedby');
    expect(screen.getByRole('radio', { name: 'Wizard' })).toBeChecked();
  });

  it('lists types from other Form.io services with how each is shown, beside the builder and after saving', async () => {
    const fetchMock = stubApi();
    const notices = [
      "`iban`: shown as a text box that checks the shape of an IBAN (2 letters, 2 digits, then 11 to 30 letters or digits), not its check digits ('account')",
    ];
    fetchMock.mockImplementation(async (url: string, init?: RequestInit) => {
      if (url.endsWith('/Collection/1/Form') && (init?.method ?? 'GET') === 'GET')
        return jsonResponse([version(1)]);
      return jsonResponse(version(2, { createdNewVersion: true, notices }));
    });
    renderAt(<FormTab collectionId={1} />, { user: users.manager });
    await screen.findByTestId('form-version');
    upload(
      JSON.stringify({
        display: 'form',
        components: [
          { type: 'iban', key: 'account', label: 'Account', input: true },
          { type: 'map', key: 'where', label: 'Where', input: true },
        ],
      }),
    );
    const list = await screen.findByTestId('type-notices');
    expect(list).toHaveTextContent("`map`: shown as a text box without its own check ('where')");
    expect(list).toHaveTextContent('`iban`: shown as a text box that checks the shape of an IBAN');
    fireEvent.click(screen.getByRole('button', { name: 'Save form' }));
    expect(await screen.findByText(notices[0] as string)).toBeInTheDocument();
  });
});
