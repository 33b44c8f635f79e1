import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { registry } from './registry.js';

type Document = ReturnType<OpenApiGeneratorV31['generateDocument']>;
let cached: Document | undefined;

/** Generated on first request: by then every route module has registered its paths. */
export function openApiDocument(): Document {
  cached ??= new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Verification and Messaging API',
      version: '1.0.0',
      description: 'Phone verification, transactional SMS and messenger codes, billed against a prepaid balance.',
    },
    security: [{ bearerAuth: [] }],
  });
  return cached;
}
