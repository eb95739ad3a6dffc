import fp from 'fastify-plugin';
import { DEFAULT_DEAL_STAGES } from './config.ts';
import { type CrmRecordRepository, createCrmRecordRepository } from './crm-records.repository.ts';
import { CRM_JOB, type CrmSync, createCrmSync } from './crm-sync.ts';
import { createHubSpotClient } from './hubspot.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What was pushed to the CRM and how the last push went (app.crm holds the rules). */
    crmRecords: CrmRecordRepository;
    /** Customers and orders pushed to HubSpot (issue 20; docs/decisions/027-crm-sync.md). */
    crm: CrmSync;
  }
}

/** HubSpot calls wait this long for an answer before the try counts as failed. */
const TIMEOUT_MS = 10_000;

/**
 * CRM sync: on only with HUBSPOT_TOKEN. Off, the `crm.sync` job kind is not even defined, so
 * nothing is enqueued and jobs left from a time it was on wait, untouched, until it is on again.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const records = createCrmRecordRepository(app.db);
    const client = config.hubspot
      ? createHubSpotClient({
          token: config.hubspot.token,
          baseUrl: config.hubspot.baseUrl,
          timeoutMs: TIMEOUT_MS,
        })
      : null;
    const crm = createCrmSync({
      records,
      jobs: app.jobs,
      client,
      pipeline: config.hubspot?.pipeline ?? 'default',
      stages: config.hubspot?.stages ?? DEFAULT_DEAL_STAGES,
      siteName: config.siteName,
      publicUrl: config.publicUrl.origin,
      log: app.log,
    });
    if (client) app.jobs.define(CRM_JOB, crm.job);
    app.decorate('crmRecords', records);
    app.decorate('crm', crm);
  },
  { name: 'crm', dependencies: ['services', 'jobs'] },
);
