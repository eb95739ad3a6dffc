import { signsSlug } from '@lantern/domain';
import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import {
  createPhotoAppointmentRepository,
  type PhotoAppointmentRepository,
} from './photo-appointments.repository.ts';
import {
  createPhotoAppointmentService,
  type PhotoAppointmentService,
} from './photo-appointments.ts';
import { createWorkOrderRepository, type WorkOrderRepository } from './work-orders.repository.ts';
import { createWorkOrderService, type WorkOrderService } from './work-orders.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Work orders and their history, each change under the work order's row lock (issue 21). */
    workOrderRepo: WorkOrderRepository;
    /** Trips to properties: create, schedule by the cutoff, assign, move; mails and events. */
    workOrders: WorkOrderService;
    /** Photographers' hours and the appointments customers book from them (decision 046). */
    photoAppointmentRepo: PhotoAppointmentRepository;
    /** Book, move and cancel photography visits; hours of photographers. */
    photoAppointments: PhotoAppointmentService;
  }
}

/** Work orders (issue 21, "Work orders"). */
export default fp(
  async (app) => {
    const { config } = app;
    const repo = createWorkOrderRepository(app.db);
    const brand = mailBrand(config);
    const photoRepo = createPhotoAppointmentRepository(app.db);
    app.decorate('photoAppointmentRepo', photoRepo);
    app.decorate(
      'photoAppointments',
      createPhotoAppointmentService({
        repo: photoRepo,
        jobs: app.jobs,
        realtime: app.realtime,
        brand,
      }),
    );
    app.decorate('workOrderRepo', repo);
    app.decorate(
      'workOrders',
      createWorkOrderService({
        repo,
        jobs: app.jobs,
        realtime: app.realtime,
        crm: app.crm,
        webhooks: app.webhooks,
        photos: app.photos,
        signsSlug: signsSlug(config.siteName),
        brand,
      }),
    );
  },
  {
    name: 'work-orders',
    dependencies: ['repositories', 'jobs', 'realtime', 'photos', 'crm', 'webhooks'],
  },
);
