/**
 * A line's policy: every way the Express line Velox serves (4 or 5) changes what the core does,
 * one row each, grouped by the object that asks. The core reads its rows once, when its module
 * loads (`linePolicy()`, lines/index.ts), and never compares line numbers itself; the rows of
 * Express 4 are in lines/express4.ts, those of Express 5 in lines/express5.ts. Types only.
 */
import type { ServerResponse } from 'http';

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

/** What the factory and the prototypes carry, for the migration report to wrap (lines/migration.ts). */
export interface MigrationTargets {
	readonly factory: object;
	readonly application: object;
	readonly request: object;
	readonly response: object;
	readonly serveStatic: object;
}

/**
 * Only the recording policy of the migration report (lines/migration.ts) has these; the core calls
 * them where the report needs a hook outside a row's own call.
 */
export interface MigrationHooks {
	/** Watches the members Express 5 removed or changed: reading one records its site, and gives the member as before. */
	readonly wrapMembers: (targets: MigrationTargets) => void;
	/** A new app's default query parser: returns one that parses alike and records a query Express 5 would parse differently. */
	readonly watchDefaultQueryParser: (parser: (query: string) => Record<string, unknown>) => (query: string) => Record<string, unknown>;
}

export interface LinePolicy {
	/** The Express major version the line serves. */
	readonly line: 4 | 5;
	/** The migration report's hooks: absent from express4's and express5's policies. */
	readonly migration?: MigrationHooks;
	readonly removed: RemovedMembers;
	readonly factory: FactoryRules;
	readonly application: ApplicationRules;
	readonly response: ResponseRules;
	readonly router: RouterRules;
}
