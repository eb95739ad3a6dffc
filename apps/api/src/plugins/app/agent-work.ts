import fp from 'fastify-plugin';
import {
  type AgentWorkRepository,
  createAgentWorkRepository,
} from '../../repositories/agent-work.ts';
import {
  type AgentWorkService,
  createAgentWorkService,
} from '../../services/agent-work/agent-work.ts';
import { mailBrand } from '../../services/mail/brand.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Agents' assigned properties, hours and offers; billing hours once (decision 050). */
    agentWorkRepo: AgentWorkRepository;
    /** The agent's vendor page and what the customer sees of it (issue 24). */
    agentWork: AgentWorkService;
  }
}

/** The agent's vendor page (issue 24; docs/decisions/050). */
export default fp(
  async (app) => {
    const repo = createAgentWorkRepository(app.db);
    app.decorate('agentWorkRepo', repo);
    app.decorate(
      'agentWork',
      createAgentWorkService({
        repo,
        mail: (mail) => app.outbox.enqueue(mail),
        brand: mailBrand(app.config),
        log: app.log,
        crm: app.crm,
      }),
    );
  },
  { name: 'agent-work', dependencies: ['repositories', 'public-site', 'crm'] },
);
