import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, UPLOADS_PER_RECORD } from '@khela/contracts';

export type ImageProblem = 'type' | 'size' | 'count';

/** §5 receipt and proof images: png or jpg, at most 5 MB each and 3 per record (checked before upload). */
export function checkImages(files: { type: string; size: number }[], alreadyChosen: number): ImageProblem | null {
  if (alreadyChosen + files.length > UPLOADS_PER_RECORD) return 'count';
  for (const file of files) {
    if (!(UPLOAD_CONTENT_TYPES as readonly string[]).includes(file.type)) return 'type';
    if (file.size > UPLOAD_MAX_BYTES) return 'size';
  }
  return null;
}
