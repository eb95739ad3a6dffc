import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SERVICE_ICONS, SERVICE_ILLUSTRATIONS } from './illustrations.ts';

const dir = fileURLToPath(new URL('../assets/illustrations/', import.meta.url));
const svgNames = (path: string, prefix = '') =>
  readdirSync(path)
    .filter((file) => file.startsWith(prefix) && file.endsWith('.svg'))
    .map((file) => file.slice(prefix.length, -'.svg'.length))
    .sort();

describe('illustration names', () => {
  it('name every service illustration file, and only those', () => {
    expect([...SERVICE_ILLUSTRATIONS].sort()).toEqual(svgNames(dir, 'service-'));
  });

  it('name every service icon file, and only those', () => {
    expect([...SERVICE_ICONS].sort()).toEqual(svgNames(`${dir}icons`));
  });
});
