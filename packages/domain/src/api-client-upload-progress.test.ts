// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { photoForm, startUploadServer, useUploadServer } from '../test/upload-server.ts';
import { ApiError, createApiClient } from './api-client.ts';
import { NETWORK_ERROR } from './network-error.ts';

// api.upload with onProgress goes through the browser's XMLHttpRequest (jsdom's, sending for
// real to a local server) for the upload progress fetch cannot report.
const server = useUploadServer();
const client = () => createApiClient({ baseUrl: server().url, onUnauthenticated: () => {} });
const form = () => photoForm(64 * 1024);

describe('api.upload with progress', () => {
  it('reports the fraction sent and parses the answer', async () => {
    const fractions: number[] = [];
    const answer = await client().upload('/stored', form(), {
      onProgress: (f) => fractions.push(f),
    });
    expect(answer).toEqual({ files: [{ name: 'a.jpg', stored: true }] });
    expect(fractions.at(-1)).toBe(1);
    expect(fractions.every((f) => f > 0 && f <= 1)).toBe(true);
    expect(server().seen.at(-1)?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(server().seen.at(-1)?.requestedWith).toBe('XMLHttpRequest');
  });

  it('refuses with the same ApiError as the fetch path', async () => {
    const error = await client()
      .upload('/refused', form(), { onProgress: () => {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).body.errors).toEqual({ file: ['Too big.'] });
  });

  it('rejects with the network error text when no answer comes', async () => {
    const gone = await startUploadServer();
    await gone.close();
    const offline = createApiClient({ baseUrl: gone.url });
    await expect(offline.upload('/stored', form(), { onProgress: () => {} })).rejects.toThrow(
      NETWORK_ERROR,
    );
  });
});
