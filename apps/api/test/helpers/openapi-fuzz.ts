import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';

/** The part of a JSON schema the generator reads. */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
};

type Parameter = { name: string; in: 'path' | 'query' | 'header'; required?: boolean; schema: JsonSchema };
type DocOperation = {
  operationId: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};
export type OpenApiDocument = { paths: Record<string, Record<string, DocOperation>> };

export type Caller = 'public' | 'login' | 'merchant' | 'root';
export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** As served, `/api/v1/...` with `{name}` parameters. */
  path: string;
  operationId: string;
  caller: Caller;
  parameters: Parameter[];
  body: JsonSchema | null;
};

/** Every operation of the document, with the token its access rule asks for. */
export function operationsOf(doc: OpenApiDocument, app: FastifyInstance): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => {
      const url = path.replace(/\{(\w+)\}/g, ':$1');
      const route = app.accessRegistry.find((r) => r.url === url && r.method === method.toUpperCase());
      const access = route?.access;
      const caller: Caller =
        !access || access.token === 'public'
          ? 'public'
          : access.token === 'login'
            ? 'login'
            : access.rootOnly
              ? 'root'
              : 'merchant';
      return {
        method: method.toUpperCase() as Operation['method'],
        path,
        operationId: op.operationId,
        caller,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema ?? null,
      };
    }),
  );
}

// ---------------------------------------------------------------- hostile inputs

/** Text that has broken servers: lone surrogates, NUL, control characters, injections, huge strings. */
export const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\uD800',
    'a\uDC00b',
    '\uDBFF\uDBFF',
    '\u0000',
    'a\u0000b',
    '\u202E\u0007\u001B[31m',
    '%00',
    '%',
    '%ZZ',
    '../../etc/passwd',
    "' or 1=1 --",
    '"; drop table users; --',
    '${jndi:ldap://x}',
    '<script>alert(1)</script>',
    '__proto__',
    'constructor',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '9007199254740993',
    'true',
    'null',
    '😀'.repeat(30),
    'x'.repeat(5000),
  ),
  fc.string({ maxLength: 40, unit: 'binary' }),
  fc.string({ maxLength: 20, unit: 'grapheme' }),
);

export const hostileNumber = fc.oneof(
  fc.constantFrom(-1, 0, -0, 0.5, 2147483647, 2147483648, -2147483649, 2 ** 53 + 2, 1e300, -1e300, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

export const hostileJson: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [[[[[]]]]], { __proto__: { admin: true } }, { constructor: {} }),
  fc.jsonValue({ maxDepth: 3 }),
);

const hostile = fc.oneof(hostileString, hostileNumber, hostileJson);

// ---------------------------------------------------------------- values from a JSON schema

const int32 = 2_147_483_647;
const clamp = (value: number | undefined, fallback: number) =>
  value === undefined || !Number.isFinite(value) ? fallback : Math.max(-1e12, Math.min(1e12, value));

function typedValue(schema: JsonSchema, type: string, depth: number): fc.Arbitrary<unknown> {
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      const min = clamp(schema.minimum ?? (schema.exclusiveMinimum ?? -int32 - 1) + 1, -int32);
      const max = clamp(schema.maximum ?? (schema.exclusiveMaximum ?? int32 + 1) - 1, int32);
      return fc.integer({ min: Math.ceil(min), max: Math.max(Math.ceil(min), Math.floor(max)) });
    }
    case 'number': {
      const min = clamp(schema.minimum, -1e9);
      return fc.double({ min, max: Math.max(min, clamp(schema.maximum, 1e9)), noNaN: true });
    }
    case 'string': {
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.pattern) {
        try {
          return fc.stringMatching(new RegExp(schema.pattern)).filter((s) => s.length <= (schema.maxLength ?? 200));
        } catch {
          // A pattern fast-check cannot read: plain text below.
        }
      }
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.max(minLength, Math.min(schema.maxLength ?? 40, 60)) });
    }
    case 'array':
      return fc.array(valueOf(schema.items ?? {}, depth + 1), {
        minLength: Math.min(schema.minItems ?? 0, 3),
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case 'object': {
      const properties = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, child]) => [key, valueOf(child, depth + 1)]),
      );
      const record = fc.record(properties, { requiredKeys: schema.required ?? [] });
      if (typeof schema.additionalProperties !== 'object') return record;
      const extra = fc.dictionary(
        fc.string({ minLength: 1, maxLength: 10 }),
        valueOf(schema.additionalProperties, depth + 1),
        {
          maxKeys: 3,
        },
      );
      return fc.tuple(record, extra).map(([known, more]) => ({ ...more, ...known }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** Values the schema describes, mostly valid, one in five hostile (at every depth). */
export function valueOf(schema: JsonSchema, depth = 0): fc.Arbitrary<unknown> {
  let valid: fc.Arbitrary<unknown>;
  if (depth > 6) valid = fc.constant(null);
  else if (schema.const !== undefined) valid = fc.constant(schema.const);
  else if (schema.enum) valid = fc.constantFrom(...schema.enum);
  else if (schema.anyOf ?? schema.oneOf)
    valid = fc.oneof(...(schema.anyOf ?? schema.oneOf)!.map((s) => valueOf(s, depth + 1)));
  else if (schema.allOf?.[0]) valid = valueOf(schema.allOf[0], depth + 1);
  else if (Array.isArray(schema.type)) valid = fc.oneof(...schema.type.map((t) => typedValue(schema, t, depth)));
  else valid = typedValue(schema, schema.type ?? (schema.properties ? 'object' : 'any'), depth);
  return fc.oneof({ weight: 4, arbitrary: valid }, { weight: 1, arbitrary: hostile });
}

// ---------------------------------------------------------------- requests and answers

export type FuzzRequest = {
  method: Operation['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string;
};

const loneSurrogates = /[\uD800-\uDFFF]/g;

/** A path segment; a lone surrogate cannot be encoded, so it goes as the bytes of one (invalid UTF-8). */
function pathSegment(text: string): string {
  try {
    return encodeURIComponent(text) || 'x';
  } catch {
    return `%ED%A0%80${encodeURIComponent(text.replace(loneSurrogates, ''))}`;
  }
}

const asText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

/** Raw bodies no JSON schema produces: broken, deep, huge or of the wrong type. */
const rawBody = fc.constantFrom(
  '{',
  '{"a":',
  'null',
  '[]',
  '"text"',
  '{"a":"\\ud800"}',
  '{"__proto__":{"x":1}}',
  '['.repeat(5000) + ']'.repeat(5000),
  JSON.stringify({ x: 'y'.repeat(2_000_000) }),
);

/** One request to the operation: path, query, headers and body drawn from its schemas. */
export function requestOf(op: Operation): fc.Arbitrary<FuzzRequest> {
  const inPart = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where);
  const pathValues = fc.tuple(...inPart('path').map((p) => valueOf(p.schema)));
  const queryValues = fc.record(Object.fromEntries(inPart('query').map((p) => [p.name, valueOf(p.schema)])), {
    requiredKeys: [],
  });
  const headerValues = fc.record(Object.fromEntries(inPart('header').map((p) => [p.name, valueOf(p.schema)])), {
    requiredKeys: [],
  });
  const body: fc.Arbitrary<string | undefined> = op.body
    ? fc.oneof(
        { weight: 8, arbitrary: valueOf(op.body).map((v) => JSON.stringify(v)) },
        { weight: 1, arbitrary: rawBody },
        { weight: 1, arbitrary: fc.constant(undefined) },
      )
    : fc.oneof(
        { weight: 9, arbitrary: fc.constant(undefined) },
        { weight: 1, arbitrary: hostileJson.map((v) => JSON.stringify(v)) },
      );
  return fc.tuple(pathValues, queryValues, headerValues, body).map(([pathParts, query, headers, payload]) => {
    let index = 0;
    const path = op.path.replace(/\{\w+\}/g, () => pathSegment(asText(pathParts[index++])));
    const search = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, asText(v)]));
    const headerText = Object.fromEntries(
      Object.entries(headers).map(([k, v]) => [
        k,
        asText(v)
          .replace(/[^\x20-\x7e]/g, '?')
          .slice(0, 200),
      ]),
    );
    return {
      method: op.method,
      url: search.size ? `${path}?${search.toString()}` : path,
      headers: { ...headerText, ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(payload === undefined ? {} : { payload }),
    };
  });
}

/** What is wrong with an answer: a 5xx, or a 4xx outside the envelope `{ code, message, details? }`. */
export function answerProblem(status: number, body: string): string | null {
  if (status >= 500) return `answered ${status}: ${body.slice(0, 200)}`;
  if (status < 400) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return `answered ${status} without JSON: ${body.slice(0, 200)}`;
  }
  if (typeof parsed !== 'object' || parsed === null) return `answered ${status} with ${body.slice(0, 200)}`;
  const { code, message, details, ...rest } = parsed as Record<string, unknown>;
  const fine =
    typeof code === 'number' &&
    typeof message === 'string' &&
    (details === undefined || Array.isArray(details)) &&
    Object.keys(rest).length === 0;
  return fine ? null : `answered ${status} outside the envelope: ${body.slice(0, 200)}`;
}

export type FuzzTally = {
  operationId: string;
  runs: number;
  byStatus: Record<number, number>;
  serverErrors: number;
  outsideEnvelope: number;
  /** The first few, with their requests. */
  problems: string[];
};

/** Sends `runs` generated requests to one operation; returns its answers by status and every problem. */
export async function fuzzOperation(
  app: FastifyInstance,
  op: Operation,
  tokens: Record<Caller, string | null>,
  runs: number,
  seed: number,
): Promise<FuzzTally> {
  const tally: FuzzTally = {
    operationId: op.operationId,
    runs,
    byStatus: {},
    serverErrors: 0,
    outsideEnvelope: 0,
    problems: [],
  };
  const token = tokens[op.caller];
  for (const request of fc.sample(requestOf(op), { numRuns: runs, seed })) {
    const response = await app.inject({
      method: request.method,
      url: request.url,
      headers: { ...request.headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(request.payload === undefined ? {} : { payload: request.payload }),
    });
    tally.byStatus[response.statusCode] = (tally.byStatus[response.statusCode] ?? 0) + 1;
    const problem = answerProblem(response.statusCode, response.body);
    if (problem && response.statusCode >= 500) tally.serverErrors += 1;
    else if (problem) tally.outsideEnvelope += 1;
    if (problem && tally.problems.length < 5)
      tally.problems.push(
        `${request.method} ${request.url.slice(0, 200)} ${request.payload?.slice(0, 200) ?? ''} -> ${problem}`,
      );
  }
  return tally;
}

/** Paths of the string fields of a body schema (`name`, `businessHours.timezone`...), one level of nesting. */
export function textFields(schema: JsonSchema, prefix: string[] = [], depth = 0): string[][] {
  const variants = [schema, ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])];
  return variants.flatMap((s) =>
    Object.entries(s.properties ?? {}).flatMap(([key, child]) => {
      const types = [child, ...(child.anyOf ?? [])].flatMap((c) => (Array.isArray(c.type) ? c.type : [c.type]));
      const here = types.includes('string') ? [[...prefix, key]] : [];
      return depth < 2 ? [...here, ...textFields(child, [...prefix, key], depth + 1)] : here;
    }),
  );
}
