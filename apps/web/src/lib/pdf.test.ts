import { describe, expect, it } from 'vitest';
import { markdownBlocks, plainInline, renderPdf } from './pdf.ts';

describe('agreement PDFs', () => {
  it('reads headings, bullets and paragraphs from Markdown', () => {
    const blocks = markdownBlocks('## 1. Fee\n\nThe **Seller** pays\n$149.\n\n- one\n2. two\n');
    expect(blocks).toEqual([
      { kind: 'heading', text: '1. Fee' },
      { kind: 'paragraph', text: 'The Seller pays $149.' },
      { kind: 'bullet', text: 'one' },
      { kind: 'bullet', text: 'two' },
    ]);
    expect(plainInline('See [the terms](/x) and _this_')).toBe('See the terms and this');
  });

  it('renders a PDF, the same bytes for the same source', async () => {
    const meta = { title: 'T', subtitle: 'S', footer: 'F', date: new Date('2026-01-01T00:00:00Z') };
    const a = await renderPdf(markdownBlocks('## A\n\nText'), meta);
    const b = await renderPdf(markdownBlocks('## A\n\nText'), meta);
    expect(a.subarray(0, 5).toString()).toBe('%PDF-');
    expect(a.length).toBe(b.length);
  });

  it('embeds the DejaVu faces, so names beyond Latin-1 print as written', async () => {
    const meta = { title: 'Zoë Łukasiewicz', subtitle: 'Đường', footer: 'F', date: new Date(0) };
    const pdf = (await renderPdf(markdownBlocks('Ğül Şahin'), meta)).toString('latin1');
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSansCondensed-Bold/);
    expect(pdf).toMatch(/\/FontName \/[A-Z]{6}\+DejaVuSansCondensed\b/);
    expect(pdf).not.toContain('/Helvetica');
  });
});
