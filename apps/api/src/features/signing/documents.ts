import { createHash } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import { createWriter, embedFonts, type SignatureSpot, stampSignature } from './pdf-layout.ts';

/**
 * The PDFs of the signing service (decision 032): a document made from sections, and its signed
 * copy — the same bytes with each signature stamped on its line and a certificate page that
 * carries the audit trail. Pure functions of their input; storage and the database are the
 * service's.
 */

export interface DocumentBody {
  title: string;
  /** Lines under the title (parties, property). */
  intro: string[];
  sections: ReadonlyArray<{ heading: string; paragraphs: readonly string[] }>;
  /** Each signs on a line of their own, in this order. */
  signers: ReadonlyArray<{ name: string; email: string }>;
  /** Under the signature lines: what signing here means. */
  signatureCaption: string;
  /** On every page: document id and template version, so a printed page can be traced. */
  footer: string;
}

export interface RenderedDocument {
  bytes: Uint8Array;
  sha256: string;
  /** Where each signer's signature is stamped on the signed copy, by signer position. */
  spots: SignatureSpot[];
}

export const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export async function renderDocument(
  body: DocumentBody,
  meta: { producer: string; createdAt: Date },
): Promise<RenderedDocument> {
  const doc = await PDFDocument.create();
  doc.setTitle(body.title);
  doc.setProducer(meta.producer);
  doc.setCreator(meta.producer);
  doc.setCreationDate(meta.createdAt);
  doc.setModificationDate(meta.createdAt);
  const fonts = await embedFonts(doc);
  const w = createWriter(doc, fonts, body.footer);
  w.title(body.title);
  for (const line of body.intro) w.paragraph(line);
  for (const section of body.sections) {
    w.heading(section.heading);
    for (const p of section.paragraphs) w.paragraph(p);
  }
  w.heading('Signatures');
  w.paragraph(body.signatureCaption, true);
  const spots = body.signers.map((s) => w.signatureLine(s.name, s.email));
  const bytes = await doc.save();
  return { bytes, sha256: sha256(bytes), spots };
}

export interface SignatureTrail {
  name: string;
  email: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  consentVersion: string;
  /** The SHA-256 of the unsigned PDF as it was when this person signed. */
  unsignedSha256: string;
}

export interface CertificateData {
  producer: string;
  documentTitle: string;
  documentId: string;
  templateVersion: string;
  createdAt: Date;
  unsignedSha256: string;
  signers: readonly SignatureTrail[];
  /** Where the signed copy's own SHA-256 can be checked. */
  hashNote: string;
}

const utc = (d: Date) => `${d.toISOString().replace('T', ' ').slice(0, 19)} UTC`;

/**
 * The signed copy: the unsigned PDF's pages with "Signed electronically by …" on each line, then
 * a certificate page with who signed, when, from where, which consent text and which unsigned
 * PDF (its SHA-256). The copy's own SHA-256 cannot be inside it; the service records it.
 */
export async function signedCopy(
  unsigned: Uint8Array,
  spots: readonly SignatureSpot[],
  data: CertificateData,
  completedAt: Date,
): Promise<RenderedDocument> {
  const doc = await PDFDocument.load(unsigned, { updateMetadata: false });
  doc.setModificationDate(completedAt);
  const fonts = await embedFonts(doc);
  data.signers.forEach((s, i) => {
    const spot = spots[i];
    if (spot)
      stampSignature(doc, fonts, spot, `/s/ ${s.name}, signed electronically ${utc(s.signedAt)}`);
  });
  const w = createWriter(doc, fonts, `${data.documentTitle} · certificate · ${data.documentId}`);
  w.title('Certificate of electronic signatures');
  w.paragraph(
    `This page was added by ${data.producer} when the last signer signed. It records how each person signed the document on the pages before it.`,
    true,
  );
  w.field('Document', data.documentTitle);
  w.field('Document id', data.documentId, true);
  w.field('Template version', data.templateVersion, true);
  w.field('Prepared', utc(data.createdAt));
  w.field('SHA-256 of the unsigned document', data.unsignedSha256, true);
  w.field('Completed', utc(completedAt));
  data.signers.forEach((s, i) => {
    w.heading(`Signer ${i + 1}: ${s.name}`);
    w.field('Email', s.email, true);
    w.field('Signed at', utc(s.signedAt));
    w.field('IP address', s.ip, true);
    w.field('Browser (user agent)', s.userAgent || 'not sent', true);
    w.field('Consent to electronic records (ESIGN disclosure version)', s.consentVersion, true);
    w.field('SHA-256 of the document signed', s.unsignedSha256, true);
  });
  w.heading('Checking this copy');
  w.paragraph(data.hashNote, true);
  const bytes = await doc.save();
  return { bytes, sha256: sha256(bytes), spots: [...spots] };
}
