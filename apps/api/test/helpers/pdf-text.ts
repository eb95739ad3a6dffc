import { getDocumentProxy } from 'unpdf';

/**
 * Each page's text runs as a PDF viewer reads them: pdf.js (through unpdf) maps the glyphs drawn
 * back to characters by the fonts' ToUnicode tables, so a name comes back exactly as it prints.
 * A run is one string drawn (a line, a label); the blank runs pdf.js puts between them are left
 * out.
 */
export async function pdfTextRuns(bytes: Uint8Array): Promise<string[][]> {
  // pdf.js may take over the buffer it is handed: give it a copy.
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  try {
    const pages: string[][] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const { items } = await (await pdf.getPage(n)).getTextContent();
      pages.push(items.flatMap((item) => ('str' in item && item.str.trim() ? [item.str] : [])));
    }
    return pages;
  } finally {
    await pdf.loadingTask.destroy();
  }
}

/** All the text of a PDF, one run a line. */
export async function pdfText(bytes: Uint8Array): Promise<string> {
  return (await pdfTextRuns(bytes)).map((runs) => runs.join('\n')).join('\n');
}
