import { formatAppointment, streetAddressUnit } from '@lantern/contracts';
import type { WorkOrder } from '@lantern/db';
import { dashboardHref, WORK_ORDER_PAGES } from '@lantern/domain';
import { timeZoneOfState } from '../../lib/time-zones.ts';
import { MAIL_JOB } from '../mail/outbox.ts';
import { photoAppointment } from '../mail/templates.ts';
import { nameOf } from './appointment-slots.ts';
import type { Opened, PhotoAppointmentDeps } from './appointment-types.ts';
import type { PhotoAppointmentRepository } from './photo-appointments.repository.ts';

type Visit = NonNullable<Awaited<ReturnType<PhotoAppointmentRepository['visitOf']>>>;

/** Mail the customer and the photographer of a change, and tell the property's pages. */
export async function announceAppointment(
  deps: PhotoAppointmentDeps,
  opened: Opened,
  visit: Visit,
  wo: WorkOrder,
  change: 'booked' | 'moved' | 'cancelled',
  before: Date | null,
) {
  const zone = timeZoneOfState(opened.property.state);
  const photographer = wo.assigneeId ? await deps.repo.photographer(wo.assigneeId) : undefined;
  const when = formatAppointment((wo.appointmentStartsAt ?? new Date()).toISOString(), zone);
  const common = {
    change,
    street: streetAddressUnit(opened.property.street, opened.property.unit),
    when,
    before: before ? formatAppointment(before.toISOString(), zone) : null,
    photographer: photographer ? nameOf(photographer) : '',
  };
  await deps.jobs.enqueue(MAIL_JOB, {
    to: visit.order.customerEmail,
    ...photoAppointment(deps.brand, {
      ...common,
      to: 'customer',
      pageUrl: `${deps.brand.publicUrl}${dashboardHref('photography', opened.property.hash)}`,
    }),
  });
  if (photographer)
    await deps.jobs.enqueue(MAIL_JOB, {
      to: photographer.email,
      ...photoAppointment(deps.brand, {
        ...common,
        to: 'photographer',
        pageUrl: `${deps.brand.publicUrl}${WORK_ORDER_PAGES.vendor}`,
      }),
    });
  await deps.realtime.publishToProperty(opened.property.hash, {
    event: 'WorkOrderUpdated',
    data: { hash: wo.hash, kind: wo.kind, state: wo.state, scheduledDay: wo.scheduledDay },
  });
}
