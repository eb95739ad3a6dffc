import { PARTICIPANT_MESSAGES, ZSessionResponseSchema } from '@lantern/contracts';
import { dashboardHref, PATHS } from '@lantern/domain';
import { ApiError } from '@lantern/domain/api-client';
import { Alert, Button } from '@lantern/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import {
  acceptInvitation,
  checkInvitation,
} from '../../features/participants/api/accept-invitation.ts';
import {
  pendingInvitation,
  takeTokenFromUrl,
} from '../../features/participants/pending-invitation.ts';
import { api } from '../../lib/api.ts';
import { appConfig } from '../../lib/app-config.ts';

/**
 * Where an invitation email leads. Signed out: sign in or sign up first (the token waits in
 * this tab and the dashboard brings the person back). Signed in: accept in one click.
 */
export function InvitationPage() {
  const [token] = useState(takeTokenFromUrl);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const heading = useRef<HTMLHeadingElement>(null);
  // GET /api/session answers a visitor with null, so a signed-out visit logs no failed request.
  const me = useQuery({
    queryKey: ['user', 'maybe'],
    queryFn: async () => (await api.get(PATHS.apiSession, { schema: ZSessionResponseSchema })).user,
  });
  // Signed in: a link already used or expired goes straight to the dashboard, where the
  // page-load banner says why (a full load, so the shell carries the server's message). Asked
  // once per token and sign-in, never again after Accept used it.
  const signedIn = !!me.data;
  const [usable, setUsable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!token || !signedIn) return;
    let live = true;
    checkInvitation(token).then(
      (answer) => {
        if (!live) return;
        if (answer.usable) return setUsable(true);
        pendingInvitation.clear();
        window.location.replace(answer.redirect ?? PATHS.dashboard);
      },
      // Accept says what is wrong if the check could not.
      () => live && setUsable(true),
    );
    return () => {
      live = false;
    };
  }, [token, signedIn]);
  const accept = useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (res) => {
      pendingInvitation.clear();
      // Every cached answer may change with a new property, including the menu (not on screen here).
      await queryClient.invalidateQueries({ refetchType: 'all' });
      navigate(dashboardHref('overview', res.property));
    },
  });

  useEffect(() => {
    document.title = `Invitation | ${appConfig.siteName}`;
    heading.current?.focus();
  }, []);

  const error = accept.error instanceof ApiError ? accept.error : null;
  const invalid = error?.field('token') === PARTICIPANT_MESSAGES.invitationInvalid;

  return (
    <main className="ds-main ds-invitation" id="main">
      <section className="ds-page" aria-labelledby="invitation-title">
        <h1 id="invitation-title" ref={heading} tabIndex={-1}>
          You are invited to a property
        </h1>
        {!token ? (
          <Alert tone="danger">{PARTICIPANT_MESSAGES.invitationInvalid}</Alert>
        ) : me.isPending || (me.data && !usable) ? (
          <p role="status">Checking your invitation…</p>
        ) : !me.data ? (
          <>
            <p>
              To accept, sign in or create a {appConfig.siteName} account with the email address the
              invitation was sent to. We will bring you straight back here.
            </p>
            <p className="ds-actions">
              <Button href={PATHS.login}>Sign in</Button>
              <Button href={PATHS.signUp} variant="secondary">
                Create an account
              </Button>
            </p>
          </>
        ) : (
          <>
            <p>
              Accept to see the property in your dashboard as <strong>{me.data.email}</strong> and
              message everyone working on it.
            </p>
            {error ? <Alert tone="danger">{error.field('token') ?? error.message}</Alert> : null}
            <p className="ds-actions">
              {invalid ? null : (
                <Button loading={accept.isPending} onClick={() => accept.mutate(token)}>
                  Accept invitation
                </Button>
              )}
              <Button
                variant="secondary"
                href={PATHS.dashboard}
                onClick={() => pendingInvitation.clear()}
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
