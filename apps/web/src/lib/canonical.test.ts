import { describe, expect, it } from 'vitest';
import { canonicalUrl } from './canonical.ts';

const SITE = 'https://lantern.example';

describe('canonicalUrl', () => {
  it('gives the home page a single slash', () => {
    expect(canonicalUrl('/', SITE)).toBe('https://lantern.example/');
    expect(canonicalUrl('/index.html', SITE)).toBe('https://lantern.example/');
    expect(canonicalUrl('', `${SITE}/`)).toBe('https://lantern.example/');
  });

  it('drops .html, /index and trailing slashes', () => {
    expect(canonicalUrl('/account/login.html', SITE)).toBe('https://lantern.example/account/login');
    expect(canonicalUrl('/account/login/', SITE)).toBe('https://lantern.example/account/login');
    expect(canonicalUrl('/blog/index', SITE)).toBe('https://lantern.example/blog');
  });
});
