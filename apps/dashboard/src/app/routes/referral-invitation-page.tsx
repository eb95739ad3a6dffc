import { VENDOR_REFERRAL_TEXTS, ZSessionResponseSchema } from '@lantern/contracts';
import { PATHS } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button } from '@lantern/ui';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { acceptReferral } from '../../features/referral-invitation/api/accept-referral.ts';
import {
  pendingReferral,
  takeReferralTokenFromUrl,
} from '../../features/referral-invitation/pending-referral.ts';
import { api } from '../../lib/api.ts';
import { appConfig } from '../../lib/app-config.ts';

/**
 * Where a referral invitation mail leads (issue 24; decision 051). Signed out: create an account
 * or sign in first (the token waits in this tab and the dashboard brings the person back).
 * Signed in: accept in one click, which lets the referrer follow the person's progress.
 */
export function ReferralInvitationPage() {
  const [token] = useState(takeReferralTokenFromUrl);
  const heading = useRef<HTMLHeadingElement>(null);
  // GET /api/session answers a visitor with null, so a signed-out visit logs no failed request.
  const me = useQuery({
    queryKey: ['user', 'maybe'],
    queryFn: async () => (await api.get(PATHS.apiSession, { schema: ZSessionResponseSchema })).user,
  });
  const accept = useMutation({
    mutationFn: acceptReferral,
    onSuccess: () => pendingReferral.clear(),
  });

  useEffect(() => {
    document.title = `Referral | ${appConfig.siteName}`;
    heading.current?.focus();
  }, []);

  const error = accept.error instanceof ApiError ? accept.error : null;
  const invalid = error?.field('token') === VENDOR_REFERRAL_TEXTS.invitationInvalid;

  return (
    <main className="ds-main ds-invitation" id="main">
      <section className="ds-page" aria-labelledby="referral-title">
        <h1 id="referral-title" ref={heading} tabIndex={-1}>
          You were referred to {appConfig.siteName}
        </h1>
        {accept.isSuccess ? (
          <>
            <div role="status">
              <Alert tone="success" announce={false}>
                Referral accepted. {accept.data.referrer} can now see how far you have come.
              </Alert>
            </div>
            <p className="ds-actions">
              <Button href={PATHS.dashboard}>Go to your dashboard</Button>
            </p>
          </>
        ) : !token ? (
          <Alert tone="danger">{VENDOR_REFERRAL_TEXTS.invitationInvalid}</Alert>
        ) : me.isPending ? (
          <p role="status">Checking your account…</p>
        ) : !me.data ? (
          <>
            <p>
              To accept, create a free {appConfig.siteName} account — or sign in — with the email
              address the referral was sent to. We will bring you straight back here.
            </p>
            <p className="ds-actions">
              <Button href={PATHS.signUp}>Create an account</Button>
              <Button href={PATHS.login} variant="secondary">
                Sign in
              </Button>
            </p>
          </>
        ) : (
          <>
            <p>
              Accept as <strong>{me.data.email}</strong> to let the person who referred you see how
              far you have come: signed up, property added, ordered, paid. They see nothing else of
              your account.
            </p>
            {error ? <Alert tone="danger">{error.field('token') ?? error.message}</Alert> : null}
            <p className="ds-actions">
              {invalid ? null : (
                <Button loading={accept.isPending} onClick={() => accept.mutate(token)}>
                  Accept referral
                </Button>
              )}
              <Button
                variant="secondary"
                href={PATHS.dashboard}
                onClick={() => pendingReferral.clear()}
              >
                Not now
              </Button>
            </p>
          </>
        )}
      </section>
    </main>
  );
}
