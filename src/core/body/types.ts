/**
 * Types shared by the body parsers. Their options are the public declarations
 * (`velox.json(options)`, … in types/middleware.ts: body-parser 1.x's, as Express 4 exports
 * them), declared there once. The parsers are typed against node's own request and response so
 * they do not depend on the core, and stay assignable wherever an Express request handler is expected.
 */
import type { IncomingMessage, ServerResponse } from 'http';
import type { RequestView } from '../types/model';

export type { BodyParserOptions, JsonOptions, RawOptions, TextOptions, UrlencodedOptions } from '../types/middleware';

/** The request fields the body parsers read and write (declared in model.ts; `_body` is set by every parser that took the request, as body-parser does: later parsers skip it). */
export type BodyRequest = RequestView<'body' | '_body'>;

/** A body-parsing middleware. */
export type BodyParserMiddleware = (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void;
