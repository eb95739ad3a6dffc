import { MESSAGES, type TPhotoUploadResult, ZPhotoUploadResponseSchema } from '@lantern/contracts';
import { api } from '../../../lib/api.ts';

/**
 * One photo up as multipart/form-data, its progress reported as it goes (issue 16). Resolves
 * with the server's result for the file (stored, or refused in words); rejects with an ApiError
 * for a refused request, or the network error text.
 */
export async function uploadPhoto(
  /** The listing's photo path (MLS_LISTING_API.photos or FSBO_LISTING_API.photos). */
  photosPath: string,
  property: string,
  file: File,
  onProgress: (fraction: number) => void,
): Promise<TPhotoUploadResult> {
  const form = new FormData();
  form.append('files', file, file.name);
  const path = `${photosPath}?property=${encodeURIComponent(property)}`;
  const answer = await api.upload(path, form, { schema: ZPhotoUploadResponseSchema, onProgress });
  const result = answer.files[0];
  if (!result) throw new Error(MESSAGES.serverError);
  return result;
}
