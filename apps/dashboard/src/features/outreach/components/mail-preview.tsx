import { MAIL_TEMPLATES, type TMailTemplateKey } from '@lantern/contracts';
import { Alert } from '@lantern/ui';
import { useMailPreview } from '../api/email.ts';
import { previewDocument } from './preview-document.ts';

/**
 * One template as the server rendered it on sample values: the subject, the HTML in a frame
 * with an empty sandbox (no scripts, no forms, no popups, its own origin), and the plain text.
 */
export function MailPreview({ template }: { template: TMailTemplateKey }) {
  const preview = useMailPreview(template);
  const { name } = MAIL_TEMPLATES[template];
  if (preview.isError) return <Alert tone="danger">{preview.error.message}</Alert>;
  if (!preview.data) return <p role="status">Loading the preview…</p>;
  const { subject, html, text } = preview.data;
  return (
    <div className="adm-mail-preview">
      <p className="adm-mail-preview__subject">
        <span className="ds-muted">Subject: </span>
        <strong>{subject}</strong>
      </p>
      <h3>HTML version</h3>
      <iframe
        className="adm-mail-preview__frame"
        title={`HTML version of “${name}”, on sample values`}
        sandbox=""
        srcDoc={previewDocument(html)}
      />
      <h3>Plain-text version</h3>
      <pre className="adm-mail-preview__text">{text}</pre>
    </div>
  );
}
