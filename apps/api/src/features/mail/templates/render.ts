import { escapeHtml } from '../../../lib/escape-html.ts';

/** What every template returns: the subject, a plain-text body and an HTML body. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

export interface BrandData {
  siteName: string;
  supportPhone: string;
  publicUrl: string;
}

/**
 * One paragraph. `{ runOn }` is a paragraph of its own in the HTML but continues the previous
 * paragraph, after a space, in the text version.
 */
export type Paragraph = string | { runOn: string };

/**
 * A mail, described once: `render` writes both its text and its HTML version from these parts,
 * so the two cannot drift apart. Where the versions differ on purpose, a part says how.
 */
export interface MailDescription {
  subject: string;
  heading: string;
  paragraphs: Paragraph[];
  /** A button in the HTML; its bare URL on a line of its own in the text version. */
  button?: {
    label: string;
    url: string;
    /** Words before the URL in the text version, where there is no button label to read. */
    textLead?: string;
  };
  /** Paragraphs after the button. */
  after?: string[];
  /** Figures after the paragraphs: a captioned table in the HTML, "label: value" lines in text. */
  figures?: { caption: string; rows: [string, string][] };
  /** Marketing mail's footer: why it came, the unsubscribe link, the postal address. */
  footer?: { why: string; link: { label: string; url: string }; address: string };
}

/** The words of a mail that picks them by case, before its button is added. */
export type MailWords = Pick<MailDescription, 'subject' | 'heading' | 'paragraphs'>;

/** The mail in both versions, from its one description. */
export function render(brand: BrandData, mail: MailDescription): MailContent {
  return { subject: mail.subject, text: textVersion(brand, mail), html: htmlVersion(brand, mail) };
}

/** Blocks separated by a blank line, then the signature every mail carries. */
function textVersion(brand: BrandData, mail: MailDescription): string {
  const blocks: string[] = [];
  for (const p of mail.paragraphs) {
    if (typeof p === 'string') blocks.push(p);
    else blocks.push(`${blocks.pop() ?? ''} ${p.runOn}`);
  }
  if (mail.figures) blocks.push(mail.figures.rows.map(([l, v]) => `${l}: ${v}`).join('\n'));
  if (mail.button) blocks.push(`${mail.button.textLead ?? ''}${mail.button.url}`);
  blocks.push(...(mail.after ?? []));
  const signature = `\n\n--\n${brand.siteName} · ${brand.supportPhone} · ${brand.publicUrl}\n`;
  const { footer } = mail;
  const marketing = footer
    ? `\n${footer.why}\n${footer.link.label}: ${footer.link.url}\n${footer.address}\n`
    : '';
  return `${blocks.join('\n\n')}${signature}${marketing}`;
}

/** The shared frame: a heading, paragraphs, one button, and the footer every mail carries. */
function htmlVersion(brand: BrandData, mail: MailDescription): string {
  const p = (t: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(t)}</p>`;
  const paragraphs = mail.paragraphs.map((t) => p(typeof t === 'string' ? t : t.runOn));
  const button = mail.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(mail.button.url)}" style="display:inline-block;padding:12px 20px;border-radius:6px;background:#1e3a8a;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(mail.button.label)}</a></p>`
    : '';
  const figures = mail.figures ? figuresTable(mail.figures) : '';
  const footer = mail.footer
    ? `${[mail.footer.why, mail.footer.address].map((l) => `<p style="margin:8px 0 0;font-size:13px;color:#4b5563">${escapeHtml(l)}</p>`).join('')}<p style="margin:8px 0 0;font-size:13px"><a href="${escapeHtml(mail.footer.link.url)}" style="color:#1e3a8a">${escapeHtml(mail.footer.link.label)}</a></p>`
    : '';
  return `<!doctype html><html lang="en"><body style="margin:0;padding:24px;background:#f6f7f9;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;color:#1f2937"><div style="max-width:560px;margin:0 auto;padding:32px;border-radius:10px;background:#ffffff"><p style="margin:0 0 24px;font-weight:700;color:#0f1f3d">${escapeHtml(brand.siteName)}</p><h1 style="margin:0 0 16px;font-size:22px;color:#0f1f3d">${escapeHtml(mail.heading)}</h1>${paragraphs.join('')}${figures}${button}${(mail.after ?? []).map(p).join('')}<p style="margin:32px 0 0;font-size:13px;color:#4b5563">${escapeHtml(brand.siteName)} · ${escapeHtml(brand.supportPhone)} · ${escapeHtml(brand.publicUrl)}</p>${footer}</div></body></html>`;
}

/** Figures as a table with a caption: a label per row and its value, right-aligned. */
function figuresTable(figures: { caption: string; rows: [string, string][] }): string {
  const rows = figures.rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="padding:6px 12px 6px 0;text-align:left;font-weight:400;border-bottom:1px solid #e5e7eb">${escapeHtml(label)}</th><td style="padding:6px 0;text-align:right;font-weight:600;border-bottom:1px solid #e5e7eb">${escapeHtml(value)}</td></tr>`,
    )
    .join('');
  return `<table style="width:100%;margin:0 0 16px;border-collapse:collapse"><caption style="text-align:left;font-weight:600;padding:0 0 8px">${escapeHtml(figures.caption)}</caption><tbody>${rows}</tbody></table>`;
}
