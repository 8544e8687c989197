import { vi } from 'vitest';

type Progress = { lengthComputable: boolean; loaded: number; total: number };

/**
 * The browser's XMLHttpRequest as storage uploads use it (a PUT to a blob URL), played by the test. It
 * records the request; the test answers it (progress, answer), or, with `autoAnswer` set, each send
 * reports half the upload and then answers with that status on its own.
 */
export class FakeXhr {
  /** The request made last (undefined until one is opened). */
  static last: FakeXhr | undefined;
  /** The status each request answers by itself; undefined: the test answers. */
  static autoAnswer: number | undefined;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  upload: { onprogress: ((e: Progress) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    const status = FakeXhr.autoAnswer;
    if (status !== undefined)
      queueMicrotask(() => {
        this.progress(5, 10);
        this.answer(status);
      });
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded, total });
  }
  answer(status: number) {
    this.status = status;
    this.onload?.();
  }
}

/** Stubs XMLHttpRequest with FakeXhr, no request made yet; `autoAnswer` as FakeXhr's. */
export function stubXhr(autoAnswer?: number) {
  FakeXhr.last = undefined;
  FakeXhr.autoAnswer = autoAnswer;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
}
