import type { ResoClientRow } from '@lantern/db';
import fp from 'fastify-plugin';
import {
  createResoClientRepository,
  type ResoClientRepository,
} from './reso-clients.repository.ts';
import { createResoClientService, type ResoClientService } from './reso-clients.ts';
import {
  createResoRecordRepository,
  type ResoRecordRepository,
} from './reso-records.repository.ts';
import { createResoService, type ResoService } from './reso-service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The RESO Web API (issue 49; docs/decisions/096): partners' clients and the answers. */
    reso: {
      clients: ResoClientRepository;
      auth: ResoClientService;
      /** Our listings under Data Dictionary names: also what the portal feeds read. */
      records: ResoRecordRepository;
      answers: ResoService;
    };
  }
  interface FastifyRequest {
    /** The partner a RESO bearer token stands for (routes/reso/odata). */
    resoClient: ResoClientRow | null;
    /** Records in the answer, for the request log. */
    resoRecords: number;
  }
}

export default fp(
  async (app) => {
    const clients = createResoClientRepository(app.db);
    const records = createResoRecordRepository(app.db, {
      publicUrl: app.config.publicUrl.origin,
      brokerage: app.config.siteName,
    });
    app.decorateRequest('resoClient', null);
    app.decorateRequest('resoRecords', 0);
    app.decorate('reso', {
      clients,
      auth: createResoClientService(clients),
      records,
      answers: createResoService(records),
    });
  },
  { name: 'reso', dependencies: ['services'] },
);
