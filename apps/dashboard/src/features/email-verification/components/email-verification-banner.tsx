import { MESSAGES } from '@lantern/contracts';
import { ApiError } from '@lantern/contracts/api-client';
import { Alert, Button } from '@lantern/ui';
import { useState } from 'react';
import { useEmailVerification, useResendVerification } from '../api/email-verification.ts';
import './email-verification-banner.css';

const JUST_VERIFIED = 'email-verified';

/**
 * The banner at the top of the dashboard until the account's email address is confirmed, with
 * a button to send the link again (issue 8). After a followed link it thanks the person once.
 */
export function EmailVerificationBanner() {
  const status = useEmailVerification();
  const resend = useResendVerification();
  const [justVerified] = useState(
    () => new URLSearchParams(window.location.search).get(JUST_VERIFIED) === '1',
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
        ? 'We could not reach the server. Check your connection and try again.'
        : null;

  return (
    <Alert
      tone="warning"
      title="Please confirm your email address"
      className="ds-email-verification"
    >
      <p>
        We sent a confirmation link to <strong>{status.data.email}</strong>. Follow it so we can
        reach you about your listings, orders and messages.
      </p>
      <p aria-live="polite">{resend.data ? resend.data.message : failure}</p>
      {resend.isSuccess ? null : (
        <Button
          variant="secondary"
          size="sm"
          loading={resend.isPending}
          onClick={() => resend.mutate()}
        >
          Send the link again
        </Button>
      )}
    </Alert>
  );
}
