/**
 * The stack as V8's call-site objects (file, line, column), not formatted text: up to `limit`
 * frames above `above`. `Error.prepareStackTrace` and `Error.stackTraceLimit` are restored, even if
 * capturing throws.
 */
export function callSites(limit: number, above: (...args: never[]) => unknown): NodeJS.CallSite[] {
	const prepare = Error.prepareStackTrace;
	const previousLimit = Error.stackTraceLimit;
	try {
		Error.stackTraceLimit = limit;
		Error.prepareStackTrace = (_error, sites) => sites;
		const holder: { stack?: NodeJS.CallSite[] } = {};
		Error.captureStackTrace(holder, above);
		return holder.stack ?? [];
	} finally {
		Error.prepareStackTrace = prepare;
		Error.stackTraceLimit = previousLimit;
	}
}
