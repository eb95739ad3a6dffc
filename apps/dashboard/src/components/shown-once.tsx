import { Alert, Button } from '@lantern/ui';
import { type ReactNode, useState } from 'react';

/**
 * A secret the server answers once (a new API token, a portal feed's address), with a Copy
 * button. Where the browser refuses the clipboard (an insecure origin, a denied permission) it
 * says so, and the secret stays there to select.
 */
export function ShownOnce({
  intro,
  value,
  noun,
  testId,
}: {
  intro: ReactNode;
  value: string;
  /** What the secret is called in "select the … and copy it yourself". */
  noun: string;
  testId: string;
}) {
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };
  return (
    <Alert tone="success">
      <p>{intro}</p>
      <div className="ds-new-token">
        <code data-testid={testId}>{value}</code>
        <Button variant="secondary" size="sm" onClick={() => void copy()}>
          Copy
        </Button>
      </div>
      <p role="status">
        {copied === 'yes'
          ? 'Copied to your clipboard.'
          : copied === 'no'
            ? `Your browser did not let us copy it: select the ${noun} and copy it yourself.`
            : ''}
      </p>
    </Alert>
  );
}
