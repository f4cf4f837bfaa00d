import { apiFetch, failure, readCookie, readJson } from '../api/http.ts';
import type { MediaJson } from '../../shared/contracts/media.ts';

export type UploadHandle = { done: Promise<MediaJson>; abort: () => void };

type Envelope = { status?: string; data?: unknown };

/**
 * POST /v3/media/uploads/ through XMLHttpRequest, the one browser API that reports upload
 * progress; answers the media, usually still processing.
 */
export function uploadMedia(file: File, onProgress: (loaded: number, total: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<MediaJson>((resolve, reject) => {
    xhr.open('POST', '/v3/media/uploads/');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('X-CSRFToken', readCookie('csrftoken') ?? '');
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded, event.total);
    };
    xhr.onload = () => {
      const body = xhr.response as Envelope | null;
      if (xhr.status >= 200 && xhr.status < 300 && body?.status === 'success') resolve(body.data as MediaJson);
      else reject(failure(body, xhr.status));
    };
    xhr.onerror = () => {
      reject(failure(null, 0));
    };
    xhr.onabort = () => {
      reject(new DOMException('Upload cancelled', 'AbortError'));
    };
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
  return {
    done,
    abort: () => {
      xhr.abort();
    },
  };
}

/** GET /v3/media/<id>/: the upload's processing status and, once ready, its images. */
export async function getMedia(id: string, signal?: AbortSignal): Promise<MediaJson> {
  const response = await apiFetch(`/v3/media/${encodeURIComponent(id)}/`, signal ? { signal } : {});
  const body = (await readJson(response)) as Envelope | null;
  if (!response.ok || body?.status !== 'success') throw failure(body, response.status);
  return body.data as MediaJson;
}
