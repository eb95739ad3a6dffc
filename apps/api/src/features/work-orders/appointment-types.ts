import type { Property } from '@lantern/db';
import type { JobRunner } from '../jobs/runner.ts';
import type { BrandData } from '../mail/templates.ts';
import type { RealtimeService } from '../realtime/realtime-service.ts';
import type { PhotoAppointmentRepository } from './photo-appointments.repository.ts';

// The photo appointment service's types, apart so that the appointment-* sub-modules and
// photo-appointments.ts can share them without importing each other (issue 42).

export interface PhotoAppointmentDeps {
  repo: PhotoAppointmentRepository;
  jobs: Pick<JobRunner, 'enqueue'>;
  realtime: Pick<RealtimeService, 'publishToProperty'>;
  brand: BrandData;
  now?: () => Date;
}

/** The property as the routes found it for the signed-in user. */
export interface Opened {
  userId: number;
  property: Pick<Property, 'id' | 'hash' | 'street' | 'unit' | 'state'>;
  canEdit: boolean;
}
