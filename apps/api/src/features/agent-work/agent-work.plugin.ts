import fp from 'fastify-plugin';
import { mailBrand } from '../mail/brand.ts';
import { type AgentWorkRepository, createAgentWorkRepository } from './agent-work.repository.ts';
import { type AgentWorkService, createAgentWorkService } from './agent-work.ts';

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
