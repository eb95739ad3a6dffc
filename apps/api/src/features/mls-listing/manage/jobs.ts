import { EXPIRY_REMINDER_DAYS, formatListingDay } from '@lantern/contracts';
import { addDays, daysBetween, todayUtc } from '@lantern/domain';
import { listingExpired, listingExpiryReminder } from '../../mail/templates.ts';
import { storedForm } from '../mls-listing.ts';
import { type ManageDeps, mailOwners, manageUrl, publish, street } from './shared.ts';

export const EXPIRY_REMINDERS_JOB = 'listing.expiry-reminders';
export const EXPIRE_JOB = 'listing.expire';

/** The daily jobs: the expiry reminder and expiry. */
export function expiryJobs(deps: ManageDeps) {
  const { changes } = deps;
  return {
    /** Daily: owners of a listing ending within 14 days are reminded once per end date. */
    async sendExpiryReminders(today = todayUtc()): Promise<number> {
      let sent = 0;
      for (const { listing, property } of await changes.endingSoon(
        today,
        addDays(today, EXPIRY_REMINDER_DAYS),
      )) {
        const date = storedForm(listing.fields).ExpirationDate;
        if (!date) continue;
        // Mails first, each at most once per listing, date and owner; then the mark.
        await mailOwners(
          deps,
          listing,
          listingExpiryReminder(deps.brand, {
            street: street(property),
            expirationDate: formatListingDay(date),
            days: daysBetween(today, date),
            listingUrl: manageUrl(deps, property.hash),
          }),
          `listing-expiry-reminder:${listing.hash}:${date}`,
        );
        if (await changes.markReminded(listing.id, date)) sent++;
      }
      return sent;
    },

    /** Daily: a live listing past its end date, with no renewal waiting for staff, expires. */
    async expireListings(today = todayUtc()): Promise<number> {
      let expired = 0;
      for (const { listing, property } of await changes.pastEnd(today)) {
        if (!(await changes.expire(listing.id, today))) continue;
        expired++;
        const date = storedForm(listing.fields).ExpirationDate ?? today;
        await mailOwners(
          deps,
          listing,
          listingExpired(deps.brand, {
            street: street(property),
            expirationDate: formatListingDay(date),
            listingUrl: manageUrl(deps, property.hash),
          }),
          `listing-expired:${listing.hash}:${date}`,
        );
        await publish(deps, property.hash, listing);
      }
      return expired;
    },
  };
}
