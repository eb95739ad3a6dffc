/** What an upload sends: a multipart form, with the client's headers. */
export interface XhrRequest {
  method: string;
  headers: Record<string, string>;
  body: FormData;
  signal?: AbortSignal | undefined;
  /** The fraction of the body sent so far, 0 to 1 (fetch cannot tell; XMLHttpRequest can). */
  onProgress: (fraction: number) => void;
}

/** The part of XMLHttpRequest used here: no DOM types, since the server imports this package. */
interface Xhr {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  responseType: string;
  readonly status: number;
  readonly responseText: string;
  readonly upload: {
    addEventListener(
      type: 'progress',
      listener: (event: { lengthComputable: boolean; loaded: number; total: number }) => void,
    ): void;
  };
  addEventListener(type: 'load' | 'error' | 'abort', listener: () => void): void;
  getAllResponseHeaders(): string;
  abort(): void;
  send(body: FormData): void;
}

/** The browser's XMLHttpRequest; undefined on the server, where uploads go through fetch. */
export const browserXhr = () => (globalThis as { XMLHttpRequest?: new () => Xhr }).XMLHttpRequest;

/** Statuses whose Response may carry no body (the constructor refuses one). */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);

/**
 * Sends through XMLHttpRequest for its upload progress events, answering a Response as fetch
 * would: a TypeError when no answer came, the signal's reason when aborted.
 */
export function xhrSend(Xhr: new () => Xhr, url: string, init: XhrRequest): Promise<Response> {
  return new Promise((resolve, reject) => {
    if (init.signal?.aborted) return reject(init.signal.reason);
    const xhr = new Xhr();
    xhr.open(init.method, url);
    for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) init.onProgress(event.loaded / event.total);
    });
    const abort = () => xhr.abort();
    init.signal?.addEventListener('abort', abort, { once: true });
    const settle = () => init.signal?.removeEventListener('abort', abort);
    xhr.addEventListener('load', () => {
      settle();
      const body = NULL_BODY.has(xhr.status) ? null : xhr.responseText;
      resolve(new Response(body, { status: xhr.status, headers: responseHeaders(xhr) }));
    });
    xhr.addEventListener('error', () => {
      settle();
      reject(new TypeError('Network request failed'));
    });
    xhr.addEventListener('abort', () => {
      settle();
      reject(init.signal?.reason ?? new DOMException('The upload was aborted.', 'AbortError'));
    });
    xhr.send(init.body);
  });
}

function responseHeaders(xhr: Xhr): Headers {
  const headers = new Headers();
  for (const line of xhr
    .getAllResponseHeaders()
    .trim()
    .split(/[\r\n]+/)) {
    const at = line.indexOf(':');
    if (at > 0) headers.append(line.slice(0, at).trim(), line.slice(at + 1).trim());
  }
  return headers;
}
