/**
 * A scriptable stand-in for XMLHttpRequest: it records what was opened, set and sent, and the test
 * decides what happens next (`progress`, `answer`, `fail`).
 */
export class FakeXhr {
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: Document | XMLHttpRequestBodyInit | null | undefined;
  aborted = false;
  status = 0;
  statusText = '';
  responseText = '';
  responseHeaders: Record<string, string> = {};
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = {
    onprogress: null,
    onload: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name.toLowerCase()] = value;
  }

  send(body?: Document | XMLHttpRequestBodyInit | null): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.onabort?.();
  }

  getResponseHeader(name: string): string | null {
    return this.responseHeaders[name.toLowerCase()] ?? null;
  }

  progress(loaded: number, total: number, lengthComputable = true): void {
    this.upload.onprogress?.({ loaded, total, lengthComputable } as ProgressEvent);
  }

  /** The body has left, and the server answers `status` with `body` (JSON unless a string). */
  answer(status: number, body?: unknown, statusText = ''): void {
    this.upload.onload?.();
    this.status = status;
    this.statusText = statusText;
    if (body !== undefined) {
      this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
      this.responseHeaders['content-type'] = typeof body === 'string' ? 'text/html' : 'application/json';
    }
    this.onload?.();
  }

  fail(): void {
    this.onerror?.();
  }
}

/** A `createRequest` for `uploadForm` that keeps every request it made. */
export function fakeXhrs() {
  const made: FakeXhr[] = [];
  function createRequest(): XMLHttpRequest {
    const xhr = new FakeXhr();
    made.push(xhr);
    return xhr as unknown as XMLHttpRequest;
  }
  return { made, createRequest };
}
