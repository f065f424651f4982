/**
 * The migration report (docs/migration-report.md): with VELOX_MIGRATION_REPORT set, Velox 4 runs
 * on a recording policy built from express4's. Its rows behave exactly as express4's and record a
 * finding when the call is one Express 5 would treat differently: the category (the row), the
 * app's site (file:line), a count, what Express 5 does instead and the fix. With the variable
 * unset, `linePolicy()` is express4's own object and nothing here runs.
 *
 * What is recorded: categories, the app's file:line:column, counts, and shapes the app's code
 * chose (a status code's type, the methods of an automatic OPTIONS answer). Never a request's
 * values: for a query string, only the bracket shape of its keys with every name replaced by `x`
 * (`filter[status]=open` is `x[x]`).
 */
import { writeFileSync, writeSync } from 'fs';
import { relative, resolve, sep } from 'path';
import depd from 'depd';
import { callSites } from '../base/call-sites';
import { express4 } from './express4';
import { express5 } from './express5';
import type { LinePolicy, MigrationTargets, RemovedMembers, StatusTarget } from './policy';

/** A row of the line policy, named by its group and member (`response.status`). */
export type Row =
	| {
			[G in Exclude<keyof LinePolicy, 'line' | 'removed' | 'migration'>]: `${G}.${Extract<keyof LinePolicy[G], string>}`;
	  }[Exclude<keyof LinePolicy, 'line' | 'removed' | 'migration'>]
	| `removed.${Extract<keyof RemovedMembers, string>}`;

interface Category {
	/** The title, in the words of Express 5's migration guide. */
	readonly title: string;
	/** What Express 5 does instead. */
	readonly express5: string;
	/** The fix in the app. */
	readonly fix: string;
	/** When the report cannot see a use, why (the row still has its entry). */
	readonly unrecorded?: string;
}

/**
 * Each row's category: the one place a row gets its report entry. The rows merged after the report
 * (route syntax, app.router, the request's, the response's and the body parsers' rows) have none
 * yet, so they are not reported (issue 39 goes on); when each has one, this type becomes
 * `Record<Row, Category>` again, so a new row does not compile without its entry.
 */
export const categories: Readonly<Partial<Record<Row, Category>>> = {
	'response.status': {
		title: 'res.status: only integers from 100 to 999',
		express5: 'throws a TypeError for a string or fractional code and a RangeError outside 100-999',
		fix: 'pass an integer status code: res.status(Number(code)), or a constant',
	},
	'response.setSendStatus': {
		title: 'res.sendStatus: only integers from 100 to 999',
		express5: 'checks the code through res.status and throws for a string, fractional or out-of-range code',
		fix: 'pass an integer status code from 100 to 999',
	},
	'application.defaultQueryParser': {
		title: "req.query: the default query parser is 'simple'",
		express5: "parses the query string with node's querystring: keys with brackets are not nested (a[b]=1 is { 'a[b]': '1' })",
		fix: "app.set('query parser', 'extended') where the app is created, if the app reads nested query keys",
	},
	'router.sendOptions': {
		title: 'The automatic OPTIONS answer',
		express5: "answers text/plain with X-Content-Type-Options: nosniff, the methods sorted and joined by ', '",
		fix: 'nothing, unless a client reads the body or the Allow order; answer OPTIONS with a route of the app otherwise',
	},
	'factory.unbundledMiddlewareErrors': {
		title: 'express.bodyParser, express.logger, …: no "no longer bundled" error',
		express5: 'has no such members: reading one gives undefined',
		fix: 'require the middleware package (body-parser, morgan, …)',
		unrecorded: 'reading one throws under Express 4 already',
	},
	'factory.staticMime': {
		title: 'express.static.mime removed',
		express5: 'has no express.static.mime',
		fix: 'use the mime-types (or mime) package directly',
	},
	'removed.factory': {
		title: 'express.query removed',
		express5: 'has no express.query',
		fix: "parse the query string with the 'query parser' setting, or qs in a middleware",
	},
	'removed.application': {
		title: 'app.del removed',
		express5: 'has no app.del',
		fix: 'app.delete(path, ...)',
	},
	'removed.request': {
		title: 'req.param and the singular req.accepts* removed',
		express5: 'has no req.param, req.acceptsCharset, req.acceptsEncoding or req.acceptsLanguage',
		fix: 'req.params, req.body or req.query for req.param(name); req.acceptsCharsets, req.acceptsEncodings, req.acceptsLanguages',
	},
	'removed.response': {
		title: 'res.sendfile removed',
		express5: 'has no res.sendfile',
		fix: 'res.sendFile (absolute path or the root option)',
	},
};

/** One finding: a category at a site. */
export interface Finding {
	readonly category: Row;
	readonly title: string;
	/** `file:line:column` of the app's call (relative to the working directory), or what answered for the app. */
	readonly site: string;
	/** The shape of the use: the member, the code's type, the query keys' shape, the OPTIONS methods. */
	readonly detail: string;
	count: number;
	readonly express5: string;
	readonly fix: string;
}

export interface MigrationReport {
	/** Whether VELOX_MIGRATION_REPORT is set (nothing is recorded otherwise). */
	readonly enabled: boolean;
	readonly findings: readonly Finding[];
}

const findings = new Map<string, Finding>();
let enabled = false;

// Velox's own compiled files: frames in them are not the app's.
const veloxRoot = resolve(__dirname, '..', '..') + sep;

/** The first frame of the stack outside Velox and node's internals: `file:line:column`. */
function appSite(): string {
	const frames = callSites(30, appSite);
	for (const frame of frames) {
		const file = frame.getFileName();
		if (file === undefined || file === null || file.startsWith(veloxRoot) || file.startsWith('node:')) continue;
		const path = file.startsWith('file://') ? new URL(file).pathname : file;
		const shown = path.startsWith(process.cwd() + sep) ? relative(process.cwd(), path) : path;
		return `${shown}:${frame.getLineNumber()}:${frame.getColumnNumber()}`;
	}
	return '(no frame of the app)';
}

/** The rows this module records, each with its category. */
type RecordedRow = keyof typeof categories & Row;

/**
 * Counts a finding: keyed by category, site and detail. The stack is read (structured, not
 * formatted) only for a use Express 5 treats differently; the site's entry is made once.
 */
function record(category: RecordedRow, detail: string, site: string = appSite()): void {
	const key = `${category}\u0000${site}\u0000${detail}`;
	const found = findings.get(key);
	if (found !== undefined) {
		found.count++;
		return;
	}
	const { title, express5: instead, fix } = categories[category] as Category;
	findings.set(key, { category, title, site, detail, count: 1, express5: instead, fix });
}

function typeOf(code: unknown): string {
	if (typeof code === 'string') return 'a string code';
	if (typeof code !== 'number' || Number.isNaN(code)) return `a ${typeof code} code`;
	if (!Number.isInteger(code)) return 'a fractional code';
	return 'a code outside 100-999';
}

function unlikeExpress5(code: unknown): boolean {
	return !Number.isInteger(code) || (code as number) < 100 || (code as number) > 999;
}

const deprecate = depd('velox');

/** The shape of a query string's bracketed keys, names replaced by `x`; undefined when 'simple' would parse it alike. */
function bracketShape(query: string): string | undefined {
	if (query.indexOf('[') === -1 && query.indexOf('%5B') === -1 && query.indexOf('%5b') === -1) return undefined;
	const shapes = new Set<string>();
	for (const pair of query.split('&')) {
		const eq = pair.indexOf('=');
		let key = eq === -1 ? pair : pair.slice(0, eq);
		try {
			key = decodeURIComponent(key.replace(/\+/g, ' '));
		} catch {}
		const open = key.indexOf('[');
		if (open <= 0 || key.indexOf(']', open) === -1) continue;
		const shape = `x${key.slice(open).replace(/\[[^\]]+\]/g, '[x]')}`.replace(/[^[\]x]/g, '');
		shapes.add(shape);
	}
	return shapes.size === 0 ? undefined : [...shapes].sort().join(' ');
}

/** Whether the frame that called `getter` is in Velox's own files. */
function readByVelox(getter: (...args: never[]) => unknown): boolean {
	const frames = callSites(1, getter);
	const file = frames[0]?.getFileName();
	return typeof file === 'string' && file.startsWith(veloxRoot);
}

/**
 * Makes each member an accessor that records the reading site and gives the member itself: no
 * frame is added to its calls (depd's warnings still name the app's site). An assignment makes
 * the property a plain one again, as before.
 */
function watchMembers(target: object, names: readonly string[], category: Row, prefix: string): void {
	for (const name of names) {
		const descriptor = Object.getOwnPropertyDescriptor(target, name);
		if (descriptor === undefined || !('value' in descriptor)) continue;
		const member: unknown = descriptor.value;
		const get = function watched(): unknown {
			// Velox's own reads (`app.lazyrouter` from `app.use`, …) are not the app's use.
			if (!readByVelox(watched)) record(category, `${prefix}${name}`);
			return member;
		};
		Object.defineProperty(target, name, {
			configurable: true,
			enumerable: descriptor.enumerable,
			get,
			set(this: object, value: unknown) {
				Object.defineProperty(this, name, { configurable: true, enumerable: descriptor.enumerable, writable: true, value });
			},
		});
	}
}

/** Express 4's policy with recording rows: the same behaviour, and a finding per use Express 5 treats differently. */
export function recordingPolicy(): LinePolicy {
	enabled = true;
	return {
		...express4,
		response: {
			...express4.response,
			// Express 4's row, with depd called from here so that its warning names the app's site as before.
			status: function status<R extends StatusTarget>(this: R, code: number): R {
				const value: unknown = code;
				if (unlikeExpress5(value)) record('response.status', `res.status with ${typeOf(value)}`);
				if ((typeof value === 'string' || Math.floor(code) !== code) && code > 99 && code < 1000) {
					deprecate('res.status(' + JSON.stringify(code) + '): use res.status(' + Math.floor(code) + ') instead');
				}
				this.statusCode = code;
				return this;
			},
			setSendStatus(res, code) {
				if (unlikeExpress5(code)) record('response.setSendStatus', `res.sendStatus with ${typeOf(code)}`);
				express4.response.setSendStatus(res, code);
			},
		},
		router: {
			...express4.router,
			sendOptions(res, methods) {
				record('router.sendOptions', `Allow: ${methods.join(',')}`, '(the router, for a path of the app)');
				express4.router.sendOptions(res, methods);
			},
		},
		migration: {
			wrapMembers(targets: MigrationTargets) {
				watchMembers(targets.factory, express5.removed.factory, 'removed.factory', 'express.');
				watchMembers(targets.application, express5.removed.application, 'removed.application', 'app.');
				watchMembers(targets.request, express5.removed.request, 'removed.request', 'req.');
				watchMembers(targets.response, express5.removed.response, 'removed.response', 'res.');
				const mime = Object.getOwnPropertyDescriptor(targets.serveStatic, 'mime');
				if (mime?.get !== undefined) {
					const get = mime.get;
					Object.defineProperty(targets.serveStatic, 'mime', {
						...mime,
						get() {
							record('factory.staticMime', 'express.static.mime');
							return get.call(this);
						},
					});
				}
			},
			watchDefaultQueryParser(parser) {
				// The app's site: where it was created, read once per app.
				const site = appSite();
				return function parse(query) {
					const shape = typeof query === 'string' ? bracketShape(query) : undefined;
					if (shape !== undefined) record('application.defaultQueryParser', `query keys shaped ${shape}`, site);
					return parser(query);
				};
			},
		},
	};
}

/** The report so far: the findings as objects, or formatted as JSON or a table. */
export function migrationReport(): MigrationReport;
export function migrationReport(options: { format: 'json' | 'table' }): string;
export function migrationReport(options?: { format?: 'json' | 'table' }): MigrationReport | string {
	const report: MigrationReport = {
		enabled,
		findings: [...findings.values()]
			.map((finding) => ({ ...finding }))
			.sort((a, b) => (a.category < b.category ? -1 : a.category > b.category ? 1 : a.site < b.site ? -1 : 1)),
	};
	if (options?.format === 'json') return JSON.stringify(report, null, 2);
	if (options?.format === 'table') return table(report);
	return report;
}

function table(report: MigrationReport): string {
	if (!report.enabled) return 'Velox migration report: off (set VELOX_MIGRATION_REPORT=1)\n';
	if (report.findings.length === 0) return 'Velox migration report: nothing this process ran would change under Express 5\n';
	const lines = [`Velox migration report: ${report.findings.length} finding(s) Express 5 would treat differently`, ''];
	for (const f of report.findings) {
		lines.push(`${f.category}  ${f.title}`);
		lines.push(`  at     ${f.site}  (${f.count}x)  ${f.detail}`);
		lines.push(`  Express 5: ${f.express5}`);
		lines.push(`  fix:   ${f.fix}`);
		lines.push('');
	}
	return lines.join('\n');
}

/** Writes the report when the process exits: a table to stderr (`1`, `table`), JSON to stderr (`json`), or JSON to a file (any other value). */
export function reportAtExit(setting: string): void {
	process.on('exit', () => {
		if (setting === 'json') writeSync(2, `${migrationReport({ format: 'json' })}\n`);
		else if (setting === '1' || setting === 'table' || setting === 'true') writeSync(2, migrationReport({ format: 'table' }));
		else writeFileSync(setting, `${migrationReport({ format: 'json' })}\n`);
	});
}
