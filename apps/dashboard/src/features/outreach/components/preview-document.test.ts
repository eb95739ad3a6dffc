import { describe, expect, it } from 'vitest';
import { previewDocument } from './preview-document.ts';

describe('previewDocument', () => {
  it('puts the base target into the head, or makes one after <html>', () => {
    expect(previewDocument('<!doctype html><html lang="en"><body><p>Hi</p></body></html>')).toBe(
      '<!doctype html><html lang="en"><head><base target="_blank"></head><body><p>Hi</p></body></html>',
    );
    expect(previewDocument('<html><head><title>T</title></head><body></body></html>')).toBe(
      '<html><head><base target="_blank"><title>T</title></head><body></body></html>',
    );
    expect(previewDocument('<p>Hi</p>')).toBe('<base target="_blank"><p>Hi</p>');
  });

  it('does not take <header> for <head>', () => {
    expect(previewDocument('<html><body><header>x</header></body></html>')).toBe(
      '<html><head><base target="_blank"></head><body><header>x</header></body></html>',
    );
  });
});
