import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/providers';
import { testQueryClient } from '../../../test/render';
import { ExportButtons } from './export-buttons';

let release: () => void;
let requested: URL[];
let saved: { name: string; text: string }[];

/** A streamed answer: the first chunk at once, the rest when the test says; aborting errors it, as fetch does. */
function streamedCsv(signal: AbortSignal | null | undefined): Response {
  const encoder = new TextEncoder();
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      signal?.addEventListener('abort', () => controller.error(new DOMException('Aborted', 'AbortError')));
      controller.enqueue(encoder.encode('Organisation code,headcount\r\n'));
      await gate;
      controller.enqueue(encoder.encode('RJ1,10\r\n'));
      controller.close();
    },
  });
  return new Response(body, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="x.csv"; filename*=UTF-8''Monthly-April-2026.csv`,
      'x-export-rows': '15000',
    },
  });
}

beforeEach(() => {
  requested = [];
  saved = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      requested.push(new URL(String(input), 'http://localhost'));
      return streamedCsv(init?.signal);
    }),
  );
  let blob: Blob | undefined;
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: (b: Blob) => {
        blob = b;
        return 'blob:export';
      },
      revokeObjectURL: () => {},
    }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    void blob?.text().then((text) => saved.push({ name: this.download, text }));
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('ExportButtons', () => {
  it('streams the period export, shows progress with the row count, then saves the file', async () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <ExportButtons collectionId={7} periodId={12} subject="April 2026" />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /^Download CSV\s*of April 2026$/ }));
    expect(requested[0]?.pathname).toBe('/v1/api/Collection/7/ReportingPeriod/12/Export');
    expect(requested[0]?.searchParams.get('format')).toBe('csv');
    expect(
      await screen.findByText('Preparing your CSV file: 1 KB received (15,000 rows)'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Download Excel \(XLSX\)\s*of April 2026$/ })).toBeDisabled();

    release();
    expect(await screen.findByText('Downloaded Monthly-April-2026.csv')).toBeInTheDocument();
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({
      name: 'Monthly-April-2026.csv',
      text: 'Organisation code,headcount\r\nRJ1,10\r\n',
    });
  });

  it('exports the whole collection without a period, and can be cancelled', async () => {
    render(
      <AppProviders queryClient={testQueryClient()}>
        <ExportButtons collectionId={7} />
      </AppProviders>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Download Excel (XLSX)' }));
    expect(requested[0]?.pathname).toBe('/v1/api/Collection/7/Export');
    expect(requested[0]?.searchParams.get('format')).toBe('xlsx');
    await user.click(await screen.findByRole('button', { name: 'Cancel download' }));
    expect(await screen.findByText('The download was cancelled')).toBeInTheDocument();
    expect(saved).toHaveLength(0);
  });
});
