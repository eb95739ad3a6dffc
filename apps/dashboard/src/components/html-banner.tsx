import { cx } from '@lantern/ui';

/**
 * HTML the server has already sanitized (lib/sanitize-html.ts on the API): the header's special
 * instruction and the page-load errors. Nothing else may be rendered this way.
 */
export function HtmlBanner({
  html,
  tone,
  className,
}: {
  html: string;
  tone: 'warning' | 'danger';
  className?: string;
}) {
  return (
    <div
      role={tone === 'danger' ? 'alert' : 'status'}
      className={cx('ln-alert', `ln-alert--${tone}`, className)}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

/** Spec 2: the page-load error banner lists the messages under the pageLoad key. */
export function PageLoadErrors({ messages }: { messages: readonly string[] }) {
  if (!messages.length) return null;
  return (
    <div role="alert" className="ln-alert ln-alert--danger ds-page-load-errors">
      <ul>
        {messages.map((html) => (
          <li key={html} dangerouslySetInnerHTML={{ __html: html }} />
        ))}
      </ul>
    </div>
  );
}
