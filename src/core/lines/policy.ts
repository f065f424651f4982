/**
 * A line's policy: every way the Express line Velox serves (4 or 5) changes what the core does,
 * one row each, grouped by the object that asks. The core reads its rows once, when its module
 * loads (`linePolicy()`, lines/index.ts), and never compares line numbers itself; the rows of
 * Express 4 are in lines/express4.ts, those of Express 5 in lines/express5.ts. Types only.
 */
import type { IncomingMessage, ServerResponse } from 'http';

/** Members a line does not have, by the object that would carry them. */
export interface RemovedMembers {
	/** The factory's static members (`express.query`, …). */
	readonly factory: readonly string[];
	/** The application prototype's members (`app.del`, …). */
	readonly application: readonly string[];
	/** The request prototype's members (`req.param`, …). */
	readonly request: readonly string[];
	/** The response prototype's members (`res.sendfile`, …). */
	readonly response: readonly string[];
}

export interface FactoryRules {
	/** `express.bodyParser`, `express.logger`, …: getters that throw Express 4's "no longer bundled" error. */
	readonly unbundledMiddlewareErrors: boolean;
	/** `express.static.mime`: the mime module. */
	readonly staticMime: boolean;
}

export interface ApplicationRules {
	/** The `query parser` setting of a new app. */
	readonly defaultQueryParser: 'extended' | 'simple';
}

/** What the status rows read and set of a response. */
export interface StatusTarget {
	statusCode: number;
	status(code: number): unknown;
}

export interface ResponseRules {
	/** `res.status(code)` itself: checks `code` as the line does (warn, or throw), sets it, returns `this`. */
	readonly status: <R extends StatusTarget>(this: R, code: number) => R;
	/** `res.sendStatus(code)`'s setting of the status: Express 4 sets it unchecked, Express 5 through `res.status`. */
	readonly setSendStatus: (res: StatusTarget, code: number) => void;
}

export interface RouterRules {
	/** The automatic OPTIONS answer, from the methods the path's routes handle (each once, in registration order). */
	readonly sendOptions: (res: ServerResponse, methods: readonly string[]) => void;
}

/** What the body rows read and set of a request. */
export interface BodyTarget extends IncomingMessage {
	body?: unknown;
	_body?: boolean;
}

export interface BodyRules {
	/**
	 * The prologue of every body parser, before it looks at the type: true when the request's body
	 * was read already (Express 4: a parser flagged it `_body`; Express 5: the stream has finished),
	 * and otherwise `req.body`'s value until a parser sets it (Express 4: `{}`; Express 5: `undefined`,
	 * set only when the request has no `body` property).
	 */
	readonly skipsRequest: (req: BodyTarget) => boolean;
	/** Marks a request a parser has started to read: Express 4 flags it `req._body = true` (what later parsers check), Express 5 sets nothing. */
	readonly markRead: (req: BodyTarget) => void;
	/** `urlencoded()`'s `extended` from the option (`undefined`: not given). */
	readonly urlencodedExtended: (extended: boolean | undefined) => boolean;
	/** Whether `urlencoded()` without `extended` warns (Express 4, naming body-parser; urlencoded.ts calls depd itself, so the warning names the app's call site). */
	readonly warnUndefinedExtended: boolean;
	/**
	 * How `urlencoded()` reads forms, from its `defaultCharset` option: Express 4 (`null`) decodes
	 * UTF-8 only and parses `extended: false` with node's querystring; Express 5 returns the charset
	 * of a form whose Content-Type names none (utf-8 unless the option says iso-8859-1, it throws for
	 * another), decodes UTF-8 and ISO-8859-1, and parses every form with qs (depth 0 without
	 * `extended`), with `charsetSentinel` and `interpretNumericEntities`.
	 */
	readonly formDefaultCharset: (defaultCharset: string | undefined) => string | null;
	/**
	 * The decoder of a charset the bundled iconv-lite does not know, or `null` (Express 4: none, so
	 * 415; Express 5's iconv-lite also decodes UTF-32).
	 */
	readonly extraDecoder: ((encoding: string) => ((body: Buffer) => string) | null) | null;
	/** The charset of a JSON body whose Content-Type names none, from `json()`'s `defaultCharset` option (Express 4 ignores it: utf-8). */
	readonly jsonDefaultCharset: (defaultCharset: string | undefined) => string;
}

export interface LinePolicy {
	/** The Express major version the line serves. */
	readonly line: 4 | 5;
	readonly removed: RemovedMembers;
	readonly factory: FactoryRules;
	readonly application: ApplicationRules;
	readonly response: ResponseRules;
	readonly router: RouterRules;
	readonly body: BodyRules;
}
