import { z } from 'zod';
import type { EndpointDef } from './endpoint.ts';
import { errorCatalog } from './errors.ts';
import { seamlessErrorResponse } from './endpoints/seamless.ts';

type JsonSchema = Record<string, unknown>;

function schemaOf(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  const { $schema: _ignored, ...json } = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as JsonSchema;
  return json;
}

function parametersOf(def: EndpointDef): JsonSchema[] {
  const parameters: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', def.params],
    ['query', def.query],
  ] as const) {
    if (!schema) continue;
    const json = schemaOf(schema, 'input') as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      parameters.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return parameters;
}

function envelopeOf(value: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['success', 'value'],
    properties: {
      success: { type: 'boolean' },
      value: { ...value, nullable: true },
      code: { type: 'string' },
      message: { type: 'string' },
    },
  };
}

/** The OpenAPI 3.0 document of the registry; committed as openapi.json and checked for drift in CI. */
export function buildOpenApi(endpoints: EndpointDef[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const def of endpoints) {
    const path = def.path.replace(/:([A-Za-z]+)/g, '{$1}');
    const vendor = def.auth === 'vendor';
    const security =
      def.auth === 'none' ? [] : vendor ? [{ vendorSignature: [], vendorTimestamp: [] }] : [{ token: [] }];
    const operation: JsonSchema = {
      operationId: def.name,
      summary: def.summary,
      tags: [...def.tags],
      ...(security.length ? { security } : {}),
      ...(def.switch ? { 'x-switch': def.switch } : {}),
      ...(def.encrypted ? { 'x-encrypted': true } : {}),
      parameters: parametersOf(def),
      responses: {
        '200': {
          description: 'Success',
          // Vendor calls answer in the seamless protocol's own shape, not the player envelope.
          content:
            def.responseFormat === 'sse'
              ? {
                  'text/event-stream': { schema: { type: 'string', 'x-event-data': schemaOf(def.response, 'output') } },
                }
              : {
                  'application/json': {
                    schema: vendor ? schemaOf(def.response, 'output') : envelopeOf(schemaOf(def.response, 'output')),
                  },
                },
        },
        default: {
          description: 'Failure: see the error codes',
          content: {
            'application/json': {
              schema: { $ref: `#/components/schemas/${vendor ? 'SeamlessFailure' : 'Failure'}` },
            },
          },
        },
      },
    };
    if (def.body) {
      const body = def.encrypted
        ? {
            type: 'object',
            required: ['value'],
            properties: { value: { type: 'string', description: 'Sealed payload, see x-sealed-schema' } },
            'x-sealed-schema': schemaOf(def.body, 'input'),
          }
        : schemaOf(def.body, 'input');
      const mediaType = def.bodyFormat === 'form' ? 'application/x-www-form-urlencoded' : 'application/json';
      operation.requestBody = { required: true, content: { [mediaType]: { schema: body } } };
    } else if (def.bodyFormat === 'binary') {
      const bytes = { schema: { type: 'string', format: 'binary' } };
      operation.requestBody = { required: true, content: { 'image/png': bytes, 'image/jpeg': bytes } };
    }
    const method = def.method.toLowerCase();
    (paths[path] ??= {})[method] = def.aliases?.length
      ? { ...operation, 'x-reference-paths': [...def.aliases] }
      : operation;
    // The reference front end's name of the same call: the same operation, pointing at its primary path.
    for (const [index, alias] of (def.aliases ?? []).entries()) {
      (paths[alias] ??= {})[method] = {
        ...operation,
        operationId: `${def.name}.reference${index + 1}`,
        summary: `${def.summary} (the reference front end's name of ${def.method} ${def.path})`,
        'x-alias-of': def.path,
      };
    }
  }
  return {
    openapi: '3.0.3',
    info: {
      title: 'Khela API',
      version,
      description:
        'Player (/wps, /lgw) and operator (/admin) calls. Every response is the envelope { success, value, code?, message? }.',
    },
    paths,
    components: {
      securitySchemes: {
        token: { type: 'apiKey', in: 'header', name: 'Authorization' },
        vendorSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description: 'hex(HMAC-SHA256(vendor secret, X-Timestamp + "." + raw body))',
        },
        vendorTimestamp: { type: 'apiKey', in: 'header', name: 'X-Timestamp', description: 'unix seconds, ±300 s' },
      },
      schemas: {
        SeamlessFailure: schemaOf(seamlessErrorResponse, 'output'),
        Failure: {
          type: 'object',
          properties: {
            success: { type: 'boolean', enum: [false] },
            value: { nullable: true },
            code: { type: 'string', enum: Object.keys(errorCatalog) },
            message: { type: 'string' },
          },
        },
      },
    },
  };
}
