import { MESSAGES } from '@lantern/contracts';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';
import { readSession, SESSION_KEYS, writeSession } from '../../../lib/session-keys.ts';
import { useEmailVerification, useResendVerification } from '../api/email-verification.ts';
import './email-verification-banner.css';

const JUST_VERIFIED = 'email-verified';

/**
 * The banner at the top of the dashboard until the account's email address is confirmed, with
 * a button to send the link again (issue 8). After a followed link it thanks the person once.
 * It is two short lines on a phone and can be put away for the tab's session (issue 14, item 7):
 * the next visit asks again.
 */
export function EmailVerificationBanner() {
  const status = useEmailVerification();
  const resend = useResendVerification();
  const [justVerified] = useState(
    () => new URLSearchParams(window.location.search).get(JUST_VERIFIED) === '1',
  );
  const [dismissed, setDismissed] = useState(
    () => readSession(SESSION_KEYS.emailVerificationDismissed) === '1',
  );

  if (!status.data) return null;
  if (status.data.verified) {
    return justVerified ? (
      <Alert tone="success" className="ds-email-verification">
        Thank you: your email address is confirmed.
      </Alert>
    ) : null;
  }

  const error = resend.error;
  const failure =
    error instanceof ApiError
      ? error.body.message || MESSAGES.serverError
      : error
        ? MESSAGES.networkError
        : null;

  if (dismissed) return null;

  return (
    <Alert tone="warning" className="ds-email-verification">
      <p className="ln-alert__title">Please confirm your email address</p>
      <p>
        We sent a link to <strong>{status.data.email}</strong>.
        <span className="ds-email-verification__why">
          {' '}
          Follow it so we can reach you about your listings, orders and messages.
        </span>{' '}
        {resend.isSuccess ? null : (
          <Button
            variant="ghost"
            size="sm"
            className="ds-email-verification__resend"
            loading={resend.isPending}
            onClick={() => resend.mutate()}
          >
            Send the link again
          </Button>
        )}
      </p>
      <p aria-live="polite">{resend.data ? resend.data.message : failure}</p>
      <button
        type="button"
        className="ln-btn ln-btn--ghost ln-btn--sm ds-email-verification__dismiss"
        aria-label="Dismiss for now"
        title="Dismiss for now"
        onClick={() => {
          writeSession(SESSION_KEYS.emailVerificationDismissed, '1');
          setDismissed(true);
          // The button goes away with the banner: keep focus in the page, not on <body>.
          document.getElementById('main')?.focus();
        }}
      >
        <span aria-hidden="true">×</span>
      </button>
    </Alert>
  );
}
