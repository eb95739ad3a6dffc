import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, type Dirent } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { assertNoUnitOfWork } from '@lantern/db';
import { assertKey, assertPrefix, type FileStorage } from './file-storage.ts';

/**
 * Files under `root` (DATA_DIR/files). A put writes a temporary file beside the target and
 * renames it, so a reader never sees half a file and a failed upload leaves nothing behind.
 */
export function createLocalStorage(root: string): FileStorage {
  const pathOf = (key: string) => join(root, ...assertKey(key).split('/'));

  return {
    kind: 'local',
    async put(key, body) {
      assertNoUnitOfWork('File storage');
      const target = pathOf(key);
      await mkdir(dirname(target), { recursive: true });
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await pipeline(
          Buffer.isBuffer(body) ? Readable.from([body]) : body,
          createWriteStream(temp),
        );
        const { size } = await stat(temp);
        await rename(temp, target);
        return size;
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const path = pathOf(key);
      try {
        await stat(path);
      } catch {
        return null;
      }
      return createReadStream(path);
    },
    async copy(from, to) {
      assertNoUnitOfWork('File storage');
      const target = pathOf(to);
      await mkdir(dirname(target), { recursive: true });
      // Through a temporary name, as put does: a reader never sees half a file.
      const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
      try {
        await copyFile(pathOf(from), temp);
        await rename(temp, target);
      } catch (err) {
        await rm(temp, { force: true });
        throw err;
      }
    },
    async delete(keys) {
      assertNoUnitOfWork('File storage');
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async deletePrefix(prefix) {
      assertNoUnitOfWork('File storage');
      await rm(pathOf(assertPrefix(prefix).slice(0, -1)), { recursive: true, force: true });
    },
    close() {},
    async *keys() {
      let entries: Dirent[];
      try {
        entries = await readdir(root, { recursive: true, withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        // A `.part` file is a put still being written (or one a crash left behind).
        if (!e.isFile() || e.name.endsWith('.part')) continue;
        yield relative(root, join(e.parentPath, e.name)).split(sep).join('/');
      }
    },
    async signedUrl() {
      return null;
    },
  };
}
