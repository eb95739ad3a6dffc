import { join } from 'node:path';
import { TWILIO_PATHS } from '@lantern/contracts';
import fp from 'fastify-plugin';
import { createFileTextSender, createTwilioSender } from './index.ts';
import { createQuietTexts, QUIET_TEXT_JOB } from './quiet-texts.ts';
import { createTextRepository, type TextRepository } from './texts.repository.ts';
import { createTextService, type TextService } from './texts.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every text sent and received, and the opted-out numbers (app.texts holds the rules). */
    textRecords: TextRepository;
    /**
     * Sending (opt-outs checked, every text recorded), inbound texts and status callbacks; and
     * `sendRespectingQuietHours`, which holds a text between 9 pm and 8 am in the recipient's
     * zone (issue 22; docs/decisions/044-text-for-info.md).
     */
    texts: TextService & {
      sendRespectingQuietHours: ReturnType<typeof createQuietTexts>['send'];
    };
  }
}

/** Twilio calls take this long at most before the text counts as not sent. */
const TIMEOUT_MS = 10_000;

/**
 * Texts (issues 8 and 20; docs/decisions/030-texts.md): Twilio's REST API when TWILIO_* is set,
 * otherwise each text is written to DATA_DIR/texts. Either way every text is recorded, and a
 * number that opted out is never texted.
 */
export default fp(
  async (app) => {
    const { config } = app;
    const transport = config.twilio
      ? createTwilioSender({ ...config.twilio, timeoutMs: TIMEOUT_MS })
      : createFileTextSender(join(config.dataDir, 'texts'), app.log);
    const records = createTextRepository(app.db);
    const statusUrl = `${config.publicUrl.origin}${TWILIO_PATHS.status}`;
    app.decorate('textRecords', records);
    const service = createTextService({
      transport,
      records,
      from: config.twilio?.from ?? null,
      statusCallback: config.twilio ? (id) => `${statusUrl}?text=${id}` : undefined,
      siteName: config.siteName,
      supportPhone: config.supportPhone,
      log: app.log,
    });
    const quiet = createQuietTexts({ texts: service, jobs: app.jobs });
    app.jobs.define(QUIET_TEXT_JOB, quiet.job);
    app.decorate('texts', Object.assign(service, { sendRespectingQuietHours: quiet.send }));
  },
  { name: 'texts', dependencies: ['services', 'jobs'] },
);
