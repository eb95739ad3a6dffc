import { type BrandData, type MailContent, render } from './render.ts';

/** Account mail: confirming an address, signing in, invitations, newsletter opt-ins, webhook endpoints. */

/** Double opt-in for the newsletter form (issue 3). */
export function newsletterConfirmation(
  brand: BrandData,
  data: { confirmUrl: string },
): MailContent {
  return render(brand, {
    subject: `Confirm your ${brand.siteName} newsletter subscription`,
    heading: 'Confirm your subscription',
    paragraphs: [
      `Someone, hopefully you, asked to receive the ${brand.siteName} newsletter at this address.`,
      'Please confirm by following the link below. The link works for seven days.',
    ],
    button: { label: 'Confirm my subscription', url: data.confirmUrl },
    after: ['If you did not ask for this, ignore this email: you will not be subscribed.'],
  });
}

/** Double opt-in for the "news and offers" box ticked at sign-up (promoOptin). */
export function promoConfirmation(brand: BrandData, data: { confirmUrl: string }): MailContent {
  return render(brand, {
    subject: `Confirm you want news and offers from ${brand.siteName}`,
    heading: 'Confirm news and offers',
    paragraphs: [
      `When you created your ${brand.siteName} account you asked to receive our news and offers.`,
      'Please confirm by following the link below. The link works for seven days.',
    ],
    button: { label: 'Yes, send me news and offers', url: data.confirmUrl },
    after: [
      'If you did not ask for this, ignore this email: your account works the same either way.',
    ],
  });
}

/** Issue 6: someone was invited to take part in a property. */
export function participantInvitation(
  brand: BrandData,
  data: { inviter: string; streetAddress: string; role: string; acceptUrl: string; days: number },
): MailContent {
  return render(brand, {
    subject: `${data.inviter} invited you to ${data.streetAddress} on ${brand.siteName}`,
    heading: 'You are invited to a property',
    paragraphs: [
      `${data.inviter} would like you to join ${data.streetAddress} on ${brand.siteName} as ${data.role}. You will see the property in your dashboard and can message everyone working on it.`,
      `Follow the link below to accept. If you do not have an account yet, create one with this email address and you will come straight back to the invitation. The link works for ${data.days} days.`,
    ],
    button: { label: 'See the invitation', url: data.acceptUrl },
    after: [
      'If you were not expecting this, ignore this email: nothing changes unless you accept.',
    ],
  });
}

/**
 * Issue 24: a referrer invites someone (docs/decisions/051). The note is the referrer's own words,
 * quoted as theirs; the link is single-use and carries its token in the fragment.
 */
export function referralInvitation(
  brand: BrandData,
  data: { referrer: string; name: string; note: string; acceptUrl: string; days: number },
): MailContent {
  return render(brand, {
    subject: `${data.referrer} recommends ${brand.siteName} to you`,
    heading: `${data.referrer} referred you`,
    paragraphs: [
      `Hello ${data.name},`,
      `${data.referrer} thinks ${brand.siteName} can help you sell, rent or buy a home: flat-fee MLS listings, free FSBO listings, photography, signs, lockboxes and agents when you want one.`,
      ...(data.note ? [`${data.referrer} wrote: “${data.note}”`] : []),
      `Follow the link below to create your free account (or sign in, if you have one) with this email address. Accepting lets ${data.referrer} see how far you have come — signed up, property added, ordered, paid — and nothing else. The link works once, for ${data.days} days.`,
    ],
    button: { label: 'Accept the referral', url: data.acceptUrl },
    after: ['If you are not interested, ignore this email: nothing happens unless you accept.'],
  });
}

/** Issue 6: sent to the previous address when an account's sign-in email changes. */
export function emailChangedNotice(brand: BrandData, data: { newEmail: string }): MailContent {
  return render(brand, {
    subject: `Your ${brand.siteName} sign-in email was changed`,
    heading: 'Your sign-in email was changed',
    paragraphs: [
      `The email address you use to sign in to ${brand.siteName} was just changed to ${data.newEmail}. We will send account emails there from now on.`,
      `If you made this change, there is nothing to do. If you did not, call us at ${brand.supportPhone} right away so we can secure your account.`,
    ],
  });
}

/** Password reset by link (issue 8); the link works once, for `minutes` minutes. */
export function passwordResetLink(
  brand: BrandData,
  data: { resetUrl: string; minutes: number },
): MailContent {
  return render(brand, {
    subject: `Reset your ${brand.siteName} password`,
    heading: 'Reset your password',
    paragraphs: [
      `We received a request to reset the password of your ${brand.siteName} account.`,
      `Choose a new password by following the link below. The link works once, within ${data.minutes} minutes.`,
    ],
    button: { label: 'Choose a new password', url: data.resetUrl },
    after: [
      'If you did not ask for this, ignore this email: your password stays as it is. Someone may have typed your address by mistake.',
    ],
  });
}

/** Sent after a password was changed through a reset, so an owner who did not do it can act. */
export function passwordChanged(brand: BrandData, data: { loginUrl: string }): MailContent {
  return render(brand, {
    subject: `Your ${brand.siteName} password was changed`,
    heading: 'Your password was changed',
    paragraphs: [
      `The password of your ${brand.siteName} account was just changed, and every other device was signed out.`,
      `If this was you, there is nothing more to do. If it was not, reset your password right away and call us at ${brand.supportPhone}.`,
    ],
    button: { label: 'Log in', url: data.loginUrl },
  });
}

/** Email verification of a new account (issue 8). */
export function emailVerification(
  brand: BrandData,
  data: { verifyUrl: string; days: number },
): MailContent {
  return render(brand, {
    subject: `Confirm your email for ${brand.siteName}`,
    heading: 'Confirm your email address',
    paragraphs: [
      `Thanks for creating your ${brand.siteName} account. Please confirm this is your email address, so we can reach you about your listings, orders and messages.`,
      `Follow the link below to confirm. It works for ${data.days} days.`,
    ],
    button: { label: 'Confirm my email', url: data.verifyUrl },
    after: [
      'If you did not create an account, ignore this email: nothing happens without the link.',
    ],
  });
}

/** Issue 25: to an endpoint's owner when 3 days of failed deliveries turned it off. */
export function webhookDisabled(
  brand: BrandData,
  data: { url: string; failingSince: string; lastError: string; pageUrl: string },
): MailContent {
  return render(brand, {
    subject: 'A webhook endpoint was turned off',
    heading: 'Webhook endpoint turned off',
    paragraphs: [
      `We stopped sending events to ${data.url}: every delivery to it has failed since ${data.failingSince}.`,
      `The last answer: ${data.lastError}.`,
      'Events that happen while it is off are not kept for it. Once it answers again, turn it back on in Account Settings; you can send any listed delivery again from there.',
    ],
    button: { label: 'See its deliveries', url: data.pageUrl },
  });
}
