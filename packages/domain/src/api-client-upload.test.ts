import { describe, expect, it } from 'vitest';
import { photoForm, startUploadServer, useUploadServer } from '../test/upload-server.ts';
import { ApiError, createApiClient } from './api-client.ts';
import { NETWORK_ERROR } from './network-error.ts';

// api.upload through fetch (no progress asked, or no XMLHttpRequest), against a real server.
let logins = 0;
const server = useUploadServer();
const client = () => createApiClient({ baseUrl: server().url, onUnauthenticated: () => logins++ });
const form = () => photoForm(2048);

describe('api.upload', () => {
  it('sends the form as multipart with the app headers, and parses the answer', async () => {
    const schema = { parse: (d: unknown) => d as { files: { name: string }[] } };
    const answer = await client().upload('/stored', form(), { schema });
    expect(answer.files[0]?.name).toBe('a.jpg');
    const seen = server().seen.at(-1);
    expect(seen?.method).toBe('POST');
    expect(seen?.contentType).toMatch(/^multipart\/form-data; boundary=/);
    expect(seen?.requestedWith).toBe('XMLHttpRequest');
    expect(seen?.body).toContain('filename="a.jpg"');
  });

  it('uses the method asked for', async () => {
    await client().upload('/stored', form(), { method: 'PUT' });
    expect(server().seen.at(-1)?.method).toBe('PUT');
  });

  it('refuses as JSON requests do: an ApiError with the status and the error shape', async () => {
    const error = await client()
      .upload('/refused', form())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(422);
    expect((error as ApiError).field('file')).toBe('Too big.');
  });

  it('gives the fallback message when the refusal is not the error shape', async () => {
    const error = await client()
      .upload('/too-large', form())
      .catch((e: unknown) => e);
    expect(error).toEqual(new ApiError(413, { message: 'Request failed (413).' }));
    expect((error as ApiError).body).toEqual({ message: 'Request failed (413).' });
  });

  it('visits the login page on a 401, and still rejects', async () => {
    const before = logins;
    const error = await client()
      .upload('/login', form())
      .catch((e: unknown) => e);
    expect((error as ApiError).status).toBe(401);
    expect(logins).toBe(before + 1);
  });

  it('answers undefined for an empty 200', async () => {
    expect(await client().upload('/empty', form())).toBeUndefined();
  });

  it('rejects with the network error text when no answer comes', async () => {
    const gone = await startUploadServer();
    await gone.close();
    const offline = createApiClient({ baseUrl: gone.url });
    await expect(offline.upload('/stored', form())).rejects.toThrow(NETWORK_ERROR);
  });

  it('rejects with the abort when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort();
    const error = await client()
      .upload('/stored', form(), { signal: controller.signal })
      .catch((e: unknown) => e);
    expect((error as Error).name).toBe('AbortError');
  });
});
