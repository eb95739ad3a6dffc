import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';

/**
 * A secret just made (a token, a client secret, a feed address), shown once with a Copy button.
 * Where the browser refuses the clipboard (an insecure origin, a denied permission) it says so,
 * and the secret stays there to select.
 */
export function SecretOnce({
  label,
  secret,
  testId,
}: {
  /** What to copy, e.g. "the client secret". */
  label: string;
  secret: string;
  testId?: string;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Alert tone="success">
      <p>Copy {label} now. It will not be shown again.</p>
      <div className="ds-new-token">
        <code data-testid={testId}>{secret}</code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p role="status">
        {copied === 'yes'
          ? 'Copied to your clipboard.'
          : copied === 'no'
            ? `Your browser did not let us copy it: select it and copy it yourself.`
            : ''}
      </p>
    </Alert>
  );
}
