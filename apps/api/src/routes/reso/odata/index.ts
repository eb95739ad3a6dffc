import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { resoMetadataXml } from '../../../features/reso/csdl.ts';
import { readODataPath } from '../../../features/reso/odata-path.ts';
import { ODataQueryError } from '../../../rules/odata-query.ts';
import { RESO_RESOURCES, type ResoResource } from '../../../rules/reso-fields.ts';
import { odataError } from '../../_shared/odata.ts';

/**
 * The RESO Web API, read-only (issue 49; docs/decisions/096): the service document, `$metadata`,
 * and the Property and Media resources with $select, $filter, $orderby, $top, $skip, $count and
 * server-driven paging. One route reads the OData path itself: `Property('key')` is not a path
 * the router can name.
 */
const JSON_TYPE = 'application/json; charset=utf-8; odata.metadata=minimal';

const allowed = (request: FastifyRequest) =>
  Object.values(RESO_RESOURCES).filter((r) => request.resoClient?.resources.includes(r.name));

async function answer(
  app: Parameters<FastifyPluginAsync>[0],
  request: FastifyRequest,
  reply: FastifyReply,
  path: string,
) {
  const target = readODataPath(path);
  const root = `${app.config.publicUrl.origin}/reso/odata`;
  reply.header('odata-version', '4.0');
  if (!target)
    return odataError(reply, 404, 'NotFound', `Nothing is served at /reso/odata/${path}.`);
  if (target.kind === 'service') {
    return reply.type(JSON_TYPE).send({
      '@odata.context': `${root}/$metadata`,
      value: allowed(request).map((r) => ({ name: r.name, kind: 'EntitySet', url: r.name })),
    });
  }
  if (target.kind === 'metadata') {
    return reply.type('application/xml; charset=utf-8').send(resoMetadataXml(allowed(request)));
  }
  const resource: ResoResource = target.resource;
  if (!request.resoClient?.resources.includes(resource.name)) {
    return odataError(reply, 403, 'Forbidden', `This client may not read ${resource.name}.`);
  }
  const ctx = {
    serviceUrl: root,
    query: request.query as Record<string, string | string[] | undefined>,
  };
  if (target.kind === 'entity') {
    const record = await app.reso.answers.entity(resource, target.key, ctx);
    if (!record)
      return odataError(reply, 404, 'NotFound', `No ${resource.name} has the key ${target.key}.`);
    request.resoRecords = 1;
    return reply.type(JSON_TYPE).send(record);
  }
  const { answer: body, records } = await app.reso.answers.collection(resource, ctx);
  request.resoRecords = records;
  return reply.type(JSON_TYPE).send(body);
}

const odataRoutes: FastifyPluginAsync = async (app) => {
  const handle = async (request: FastifyRequest, reply: FastifyReply, path: string) => {
    // A NUL cannot be stored or compared as text: refused before it reaches a query.
    if (request.url.includes('%00') || path.includes('\u0000')) {
      return odataError(reply, 400, 'BadRequest', 'The address holds a NUL character (%00).');
    }
    try {
      return await answer(app, request, reply, path);
    } catch (err) {
      if (err instanceof ODataQueryError) {
        return odataError(reply, 400, err.code, err.message, err.target);
      }
      throw err;
    }
  };
  app.get('/', { config: { scope: false } }, (request, reply) => handle(request, reply, ''));
  app.get<{ Params: { '*': string } }>('/*', { config: { scope: false } }, (request, reply) =>
    handle(request, reply, request.params['*']),
  );
};

export default odataRoutes;
