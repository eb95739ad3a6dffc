import {
  MESSAGES,
  type TPhotoUploadResult,
  ZErrorResponseSchema,
  ZPhotoUploadResponseSchema,
} from '@lantern/contracts';
import { ApiError } from '@lantern/domain';

/**
 * One photo up as multipart/form-data through XMLHttpRequest, whose upload events give the
 * progress fetch cannot (issue 16). Resolves with the server's result for the file (stored, or
 * refused in words); rejects with an ApiError for a refused request, or the network error text.
 */
export function uploadPhoto(
  /** The listing's photo path (MLS_LISTING_API.photos or FSBO_LISTING_API.photos). */
  photosPath: string,
  property: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TPhotoUploadResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${photosPath}?property=${encodeURIComponent(property)}`);
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.responseType = 'text';
    xhr.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener('load', () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // not JSON: handled below as a failure
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = ZPhotoUploadResponseSchema.safeParse(body);
        const result = parsed.success ? parsed.data.files[0] : undefined;
        if (result) return resolve(result);
      }
      if (xhr.status === 401) window.location.assign('/account/login');
      const error = ZErrorResponseSchema.safeParse(body);
      reject(
        new ApiError(xhr.status, error.success ? error.data : { message: MESSAGES.serverError }),
      );
    });
    xhr.addEventListener('error', () => reject(new Error(MESSAGES.networkError)));
    const form = new FormData();
    form.append('files', file, file.name);
    xhr.send(form);
  });
}
