import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import PDFDocument from 'pdfkit';

/**
 * The faces every PDF of ours embeds (the API's decision 061): DejaVu Sans Condensed, so any
 * name or place in an agreement prints as written. Read once, when the first PDF is built.
 */
let faces: { regular: Buffer; bold: Buffer } | undefined;
function fonts() {
  const resolve = createRequire(import.meta.url).resolve;
  faces ??= {
    regular: readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed.ttf')),
    bold: readFileSync(resolve('dejavu-fonts-ttf/ttf/DejaVuSansCondensed-Bold.ttf')),
  };
  return faces;
}

/** A block of an agreement's Markdown source, as much as a PDF needs. */
export type Block =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'bullet'; text: string };

/** Strip inline Markdown: links keep their text, emphasis marks go. */
export function plainInline(text: string): string {
  return text
    .replace(/\[([^\]]+)\]\([^)]+\)/g, '$1')
    .replace(/(\*\*|__)(.+?)\1/g, '$2')
    .replace(/(\*|_)(.+?)\1/g, '$2')
    .replace(/`([^`]+)`/g, '$1')
    .trim();
}

/** Headings (##), bullets (- or 1.) and paragraphs; other Markdown is read as text. */
export function markdownBlocks(markdown: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length)
      blocks.push({ kind: 'paragraph', text: plainInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (const raw of markdown.split('\n')) {
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    const heading = /^#{1,6}\s+(.*)$/.exec(line);
    const bullet = /^(?:[-*]|\d+\.)\s+(.*)$/.exec(line);
    if (heading?.[1]) {
      flush();
      blocks.push({ kind: 'heading', text: plainInline(heading[1]) });
    } else if (bullet?.[1]) {
      flush();
      blocks.push({ kind: 'bullet', text: plainInline(bullet[1]) });
    } else paragraph.push(line);
  }
  flush();
  return blocks;
}

export interface PdfMeta {
  title: string;
  subtitle: string;
  footer: string;
  /** Fixed, so the same source always gives the same file. */
  date: Date;
}

/** Render blocks into a Letter-size PDF in the embedded DejaVu faces. */
export function renderPdf(blocks: Block[], meta: PdfMeta): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({
      size: 'LETTER',
      margin: 64,
      info: { Title: meta.title, Author: meta.footer, CreationDate: meta.date, ModDate: meta.date },
      lang: 'en-US',
      displayTitle: true,
    });
    const { regular, bold } = fonts();
    doc.registerFont('regular', regular);
    doc.registerFont('bold', bold);
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('bold').fontSize(20).fillColor('#0f1f3d').text(meta.title);
    doc.moveDown(0.3).font('regular').fontSize(10).fillColor('#4b5563').text(meta.subtitle);
    doc.moveDown(1).fillColor('#1f2937');
    for (const block of blocks) {
      if (block.kind === 'heading') {
        doc.moveDown(0.6).font('bold').fontSize(13).fillColor('#0f1f3d').text(block.text);
        doc.moveDown(0.3).fillColor('#1f2937');
      } else if (block.kind === 'bullet') {
        doc.font('regular').fontSize(11).text(`•  ${block.text}`, { indent: 12, paragraphGap: 3 });
      } else {
        doc.font('regular').fontSize(11).text(block.text, { paragraphGap: 8, lineGap: 2 });
      }
    }
    doc.moveDown(2).fontSize(9).fillColor('#4b5563').text(meta.footer);
    doc.end();
  });
}
