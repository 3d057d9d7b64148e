import { toApiError, unreachable } from './errors';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  method: 'PUT' | 'POST';
  url: string;
  body: Blob;
  contentType: string;
  headers?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Sends a body with XMLHttpRequest, because only its upload events report progress (fetch has none),
 * and returns the envelope's data; a failure becomes an ApiError carrying the API's message.
 */
export function uploadWithProgress<T>({ method, url, body, contentType, headers = {}, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('content-type', contentType);
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.addEventListener('progress', (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : body.size }));
    xhr.addEventListener('load', () => {
      const parsed = parseJson(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300 && typeof parsed === 'object' && parsed !== null && 'data' in parsed) {
        resolve((parsed as { data: T }).data);
        return;
      }
      const status = xhr.status >= 200 && xhr.status <= 599 ? xhr.status : 500;
      const headers: Record<string, string> = {};
      for (const name of ['x-request-id', 'traceresponse']) {
        const value = xhr.getResponseHeader(name);
        if (value) headers[name] = value;
      }
      reject(toApiError(parsed, new Response(null, { status, headers })));
    });
    xhr.addEventListener('error', () => reject(unreachable()));
    xhr.addEventListener('abort', () => reject(new DOMException('The upload was cancelled.', 'AbortError')));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}
