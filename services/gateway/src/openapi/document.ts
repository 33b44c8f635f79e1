import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { type Api } from './registry.js';

export type Document = ReturnType<OpenApiGeneratorV31['generateDocument']>;

// Who to ask and under which terms, the same in both documents.
// The repository ships no LICENSE file yet: this names the intended one (see docs/api/beyond-the-spec.md "API documents").
const LICENSE = { name: 'Apache 2.0', identifier: 'Apache-2.0' };
const CONTACT = { name: 'OTP platform maintainers' };

export interface DocumentConfig {
  title: string;
  description: string;
  /** The URL clients put before each path, e.g. http://127.0.0.1:8080/v1. */
  defaultBaseUrl: string;
  tags: { name: string; description: string }[];
}

/** The error envelope, with `code` listing every code some operation of this API answers. */
function registerErrorSchema(api: Api): void {
  const codes = [...api.codes].sort() as [string, ...string[]];
  api.registry.register(
    'Error',
    z
      .object({
        error: z.object({
          code: z.enum(codes).openapi({ description: 'Stable, machine-readable; branch on it.' }),
          message: z.string().openapi({ description: 'Human-readable; wording can change.' }),
          sid: z
            .string()
            .optional()
            .openapi({
              description:
                'Only on a 503 whose outcome is not known yet (docs/api/errors.md): the resource the request ' +
                'made, which may still be sent or charged. Retry with the same Idempotency-Key for its outcome.',
            }),
        }),
      })
      .openapi({ description: 'The envelope of every failed request.' }),
  );
}

const cache = new Map<Api, Document>();

/**
 * Generated on first request: by then every route module has registered its operations.
 * Paths are relative to the server URL, whose `base_url` variable a client sets to its deployment.
 */
export function openApiDocument(api: Api, config: DocumentConfig): Document {
  let document = cache.get(api);
  if (!document) {
    registerErrorSchema(api);
    document = new OpenApiGeneratorV31(api.registry.definitions).generateDocument({
      openapi: '3.1.0',
      info: {
        title: config.title,
        version: '1.0.0',
        description: config.description,
        license: LICENSE,
        contact: CONTACT,
      },
      servers: [
        {
          url: '{base_url}',
          description: 'The deployment; the default is a local run (npm start).',
          variables: { base_url: { default: config.defaultBaseUrl, description: 'Ends in the API version.' } },
        },
      ],
      security: [{ [api.security]: [] }],
      tags: config.tags,
    });
    cache.set(api, document);
  }
  return document;
}
