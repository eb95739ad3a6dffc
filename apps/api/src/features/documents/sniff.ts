import type { TDocumentContentType } from '@lantern/domain';
import { photoTypeOf } from '../photos/magic.ts';

/** Bytes needed to tell a document's type. */
export const DOCUMENT_MAGIC_BYTES = 8;

/** The document type by the file's first bytes (PDF, JPEG, PNG), whatever its name says. */
export function documentTypeOf(head: Buffer): TDocumentContentType | null {
  if (head.length >= 5 && head.toString('latin1', 0, 5) === '%PDF-') return 'application/pdf';
  const photo = photoTypeOf(head);
  return photo === 'image/jpeg' || photo === 'image/png' ? photo : null;
}
