/**
 * The OpenAPI 3 document, generated from the routes' zod schemas, at GET /api/openapi.json, and Swagger
 * UI at /api/docs. Each operation carries `x-access` (public, signed-in or the permission it needs) and
 * the bearer security requirement, so the document itself says who may call what.
 */
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Teambeat API',
        version: '1',
        description:
          'Every failure answers {"error":{"code","message","details"}}. Lists take page, pageSize (10, 25, 50, 100), orderKey, orderDir and searchText and answer {items, total}; leave request lists also take the older pageNumber.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          // Device agents: `Authorization: Agent <key>`, a key an administrator creates (docs/devices.md).
          agentKey: { type: 'apiKey', in: 'header', name: 'Authorization' },
        },
      },
    },
    transform: (input: TransformInput) => {
      const out = jsonSchemaTransform(input);
      const access = input.route.config?.access;
      const segment = input.url.split('/')[2] ?? 'api';
      const schema = { ...(out.schema as Record<string, unknown>), tags: [segment] } as Record<string, unknown>;
      if (access) {
        schema['x-access'] = access;
        if (access === 'device-agent') schema['security'] = [{ agentKey: [] }];
        else if (access !== 'public') schema['security'] = [{ bearer: [] }];
      }
      return { ...out, schema } as ReturnType<typeof jsonSchemaTransform>;
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  app.get('/api/openapi.json', { config: { access: 'public' }, schema: { hide: true } }, async () => app.swagger());
}
