import { z } from 'zod';

/**
 * A file input's value (react-hook-form keeps its FileList) as the one chosen file. The forms
 * that use it keep their send button disabled until a file is chosen; the message is a fallback.
 */
export const ZChosenFileSchema = z.custom<FileList>().transform((files, ctx) => {
  const file = files?.[0];
  if (file) return file;
  ctx.addIssue({ code: 'custom', message: 'Choose a file.' });
  return z.NEVER;
});
