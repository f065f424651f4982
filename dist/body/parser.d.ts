import { ReadConfig } from './read';
import type { BodyParserMiddleware, BodyParserOptions } from './types';
/** What sets one parser apart from the others. */
export interface ParserSpec {
    /** The middleware's function name, as body-parser names it (`jsonParser`, …). */
    readonly name: string;
    /** The Content-Type taken when the `type` option is not given. */
    readonly defaultType: string;
    /** Turns the decoded text into `req.body`; `null` stores the decoded value as is. */
    readonly parse: ReadConfig['parse'];
    /** The charset to decode with, from the one the request names (`undefined`: none); `null` reads a Buffer. */
    readonly charset: ((named: string | undefined) => string) | null;
    /** Whether the parser decodes `charset`; one it does not is answered 415 before any reading. */
    readonly decodes?: (charset: string) => boolean;
}
/**
 * The middleware of a body parser. Options are checked here, at creation (the `limit` and
 * `verify` errors are thrown by the factory call, as in Express 4).
 */
export declare function createParser(opts: BodyParserOptions, spec: ParserSpec): BodyParserMiddleware;
