// The OpenAPI document built from the routes' zod schemas: JSON at /api/docs/json, Swagger UI at /api/docs.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { version } from '../version.ts';

async function openapiPlugin(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Mindpath API', version },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    // The validator badge would load an image from validator.swagger.io, which the CSP forbids.
    uiConfig: { validatorUrl: null },
  });
}

export default fp(openapiPlugin, { name: 'openapi' });
