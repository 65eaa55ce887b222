import { z } from 'zod';
import type { EndpointDef } from './endpoint.ts';
import { errorCatalog } from './errors.ts';

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
    const security = def.auth === 'none' ? [] : [{ token: [] }];
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
          content: { 'application/json': { schema: envelopeOf(schemaOf(def.response, 'output')) } },
        },
        default: {
          description: 'Failure: see the error codes',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Failure' } } },
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
    }
    (paths[path] ??= {})[def.method.toLowerCase()] = operation;
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
      securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      schemas: {
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
