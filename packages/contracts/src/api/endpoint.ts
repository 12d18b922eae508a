import type { z } from 'zod';
import type { ErrorCode, ErrorCodeValue } from '../errors';
import type { ApiRoute } from './routes';

/** What the api documents and checks of an endpoint beyond its route. */
export type EndpointSchemas = {
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: z.ZodObject;
  query?: z.ZodType;
  body?: z.ZodType;
  headers?: z.ZodObject;
  /** The `result` of the `{ result }` answer; absent when the answer is a file, a stream or a redirect. */
  result?: z.ZodType;
  /** Media types of an answer that is not JSON (a file, an image, an event stream). */
  produces?: readonly string[];
  /** A 302 to another address instead of a JSON answer. */
  redirects?: true;
  /** Catalogue codes this endpoint's own rules answer with HTTP 478 (the access rule's codes are added). */
  refusals: readonly Exclude<ErrorCodeValue, typeof ErrorCode.INVALID_REQUEST>[];
  /** Largest request body in bytes, when more than the api's default of 1 MiB. */
  bodyLimit?: number;
};

export type Endpoint = ApiRoute & EndpointSchemas;

/** One endpoint's contract: its route (from `apiRoutes`) with its schemas. */
export const endpoint = <const R extends ApiRoute, const S extends EndpointSchemas>(route: R, schemas: S): R & S => ({
  ...route,
  ...schemas,
});

type Out<S> = S extends z.ZodType ? z.output<S> : never;
type In<S> = S extends z.ZodType ? z.input<S> : never;

/** Values as the caller sends them: a coerced query or path value is given as what it becomes. */
type Sent<S> = S extends z.ZodType
  ? { [K in keyof In<S>]: unknown extends In<S>[K] ? (K extends keyof Out<S> ? Out<S>[K] : never) : In<S>[K] }
  : never;

type Part<Name extends string, S, Optional extends boolean> = S extends z.ZodType
  ? Optional extends true
    ? { [K in Name]?: Sent<S> }
    : { [K in Name]: Sent<S> }
  : { [K in Name]?: never };

/** Whether every key of a schema's input may be left out. */
type AllOptional<S> = S extends z.ZodType ? (Partial<In<S>> extends In<S> ? true : false) : true;

/** What a caller passes to an endpoint: path params, query, body and headers as its schemas take them. */
export type EndpointInput<E extends Endpoint> = Part<'params', E['params'], false> &
  Part<'query', E['query'], AllOptional<E['query']>> &
  (E['body'] extends z.ZodType ? { body: In<E['body']> } : { body?: never }) &
  Part<'headers', E['headers'], true>;

/** What an endpoint answers in `result`. */
export type EndpointResult<E extends Endpoint> = E['result'] extends z.ZodType ? z.output<E['result']> : never;
