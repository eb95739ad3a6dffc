// @vitest-environment jsdom

import type { TPhotoUploadResult } from '@lantern/contracts';
import { MLS_LISTING_API, PHOTO_TEXTS } from '@lantern/domain';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { UploadFn } from '../hooks/use-photo-uploads.ts';
import { PhotoUploader } from './photo-uploader.tsx';

afterEach(cleanup);

/** An upload stand-in the test finishes by hand: one pending request per file. */
function controlledUpload() {
  const calls: {
    name: string;
    progress: (f: number) => void;
    finish: (r: TPhotoUploadResult) => void;
  }[] = [];
  const upload: UploadFn = (_property, file, progress) =>
    new Promise((resolve) => calls.push({ name: file.name, progress, finish: resolve }));
  return { calls, upload };
}

const jpeg = (name: string) => new File(['x'], name, { type: 'image/jpeg' });

function renderUploader(upload: UploadFn, existing = 0, onStored?: (hashes: string[]) => void) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <PhotoUploader
        paths={MLS_LISTING_API}
        property="p1"
        existing={existing}
        rules={PHOTO_TEXTS.rules}
        upload={upload}
        onStored={onStored}
      />
    </QueryClientProvider>,
  );
  return screen.getByLabelText(/Add photos/);
}

describe('PhotoUploader', () => {
  it('sends three files at a time, each with its own progress, and says why one was refused', async () => {
    const { calls, upload } = controlledUpload();
    const input = renderUploader(upload);
    const files = ['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg'].map(jpeg);
    // A file picker's "All files", or a drop, lets any file through: the page checks them itself.
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(input, [...files, new File(['x'], 'notes.txt', { type: 'text/plain' })]);

    // notes.txt is refused in the browser, in words, and never sent.
    const uploads = within(screen.getByRole('region', { name: 'Uploads' }));
    expect(uploads.getByRole('alert').textContent).toBe(`Not added: ${PHOTO_TEXTS.wrongType}`);
    expect(calls.map((c) => c.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg']);

    act(() => calls[1]?.progress(0.5));
    const b = uploads.getByRole('progressbar', { name: 'b.jpg' }) as HTMLProgressElement;
    expect(b.value).toBe(0.5);
    expect(uploads.getByText('50%')).toBeTruthy();

    // A slot frees: the fourth file starts.
    await act(async () =>
      calls[0]?.finish({ name: 'a.jpg', stored: false, error: PHOTO_TEXTS.tooSmall }),
    );
    expect(calls.map((c) => c.name)).toEqual(['a.jpg', 'b.jpg', 'c.jpg', 'd.jpg']);
    expect(uploads.getByText(`Not added: ${PHOTO_TEXTS.tooSmall}`)).toBeTruthy();
  });

  it('refuses files past the 50-photo limit, counting the photos already there', async () => {
    const { calls, upload } = controlledUpload();
    const input = renderUploader(upload, 49);
    await userEvent.upload(input, [jpeg('one.jpg'), jpeg('two.jpg')]);
    expect(calls.map((c) => c.name)).toEqual(['one.jpg']);
    expect(screen.getByRole('alert').textContent).toBe(`Not added: ${PHOTO_TEXTS.tooMany}`);
  });

  it('hands over the stored photos in the order the files were chosen, not the order they finished', async () => {
    const { calls, upload } = controlledUpload();
    const batches: string[][] = [];
    const input = renderUploader(upload, 0, (hashes) => batches.push(hashes));
    await userEvent.upload(input, [jpeg('front.jpg'), jpeg('kitchen.jpg')]);
    const stored = (name: string): TPhotoUploadResult => ({
      name,
      stored: true,
      photo: {
        hash: `h-${name}`,
        position: 0,
        caption: '',
        status: 'processing',
        error: null,
        fileName: name,
        bytes: 1,
        width: null,
        height: null,
        urls: null,
      },
    });
    await act(async () => calls[1]?.finish(stored('kitchen.jpg')));
    expect(batches).toEqual([]);
    await act(async () => calls[0]?.finish(stored('front.jpg')));
    expect(batches).toEqual([['h-front.jpg', 'h-kitchen.jpg']]);
  });

  it("shows the listing's photo rules beside the uploader", () => {
    renderUploader(controlledUpload().upload);
    const rules = within(screen.getByRole('region', { name: 'Photo rules' }));
    for (const rule of PHOTO_TEXTS.rules) expect(rules.getByText(rule)).toBeTruthy();
  });
});
