// Writes docs/errors.md from the error catalog (src/core/errors.ts, built to lib/core/errors.js).
// `node scripts/errors-doc.js` rewrites the page; test/errors.catalog.test.ts checks it is current.
const fs = require('node:fs');
const path = require('node:path');

const KINDS = {
	thrown: 'the thrown error',
	URIError: "URIError (`decodeURIComponent`'s)",
};

/** The `err.code` column: the catalog code again, the entry's own, the cause's, or none. */
function errCodeCell(entry) {
	if (entry.setup) return 'this code';
	if (entry.errCode) return '`' + entry.errCode + '`';
	if (entry.kind === 'thrown') return "the cause's own";
	return '';
}

/** The page for a catalog: one table row per code, in catalog order. */
function renderErrorsDoc(catalog) {
	const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, '<br>');
	const lines = [
		'# Errors',
		'',
		'Every error Velox creates or passes on, from its one catalog (`src/core/errors.ts`); this page is',
		'generated from it by `node scripts/errors-doc.js` and a test fails when the two differ.',
		'',
		'- **Request errors** reach your error handlers through `next(err)` as the objects Express 4',
		"  gives: http-errors' named classes (`PayloadTooLargeError`, `NotFoundError`, …) with `status`,",
		'  `statusCode`, `expose` (true for 4xx, so the final handler shows the message) and, for body',
		'  parsing, the `type` strings Express users match on; or the error someone else threw',
		'  (`JSON.parse`, zlib, the file system, your `verify`), given those fields as Express gives them.',
		'- **Programmer errors** (`TypeError`/`Error`) are thrown at once by the call that got a bad',
		"  argument or option, with Express 4's message.",
		'',
		'## Codes',
		'',
		'Every error in the table carries its code in **`err.veloxCode`**, not enumerable: `Object.keys`,',
		'`JSON.stringify` and `util.inspect` show what they show with Express 4. An error someone else',
		'threw keeps the code it had when it is passed on again (`PARAMETERS_TOO_MANY` through the body',
		"parser's wrapping stays `PARAMETERS_TOO_MANY`).",
		'',
		'`err.code` (the column below) is never taken over: it stays what Express 4 gives (`ENOENT`,',
		"`EISDIR`, `ECONNABORTED`, zlib's `Z_DATA_ERROR`, or nothing), or what a Velox extension",
		'documents for its own errors (`ETIMEDOUT` for `velox.timeout`, `ECONNRESET` for',
		'`req.signal`, `ERR_INJECT_ABORTED` for `app.inject`). Errors thrown by set-up calls (marked',
		"*set-up*: `app.use`, a factory's options, a setting) never reach an error handler, so they",
		'carry the catalog code in `err.code` too, also not enumerable.',
		'',
		'| code | kind | status | type | err.code | message | when |',
		'| --- | --- | ---: | --- | --- | --- | --- |',
	];
	for (const [code, entry] of Object.entries(catalog)) {
		const varies = entry.kind === 'HttpError' || entry.kind === 'thrown';
		const status = entry.status ?? (varies ? 'varies' : '');
		const message = entry.message === undefined ? "(status text, or the cause's own message)" : '`' + entry.message + '`';
		const kind = (KINDS[entry.kind] ?? entry.kind) + (entry.name ? ' named `' + entry.name + '`' : '') + (entry.setup ? ' (set-up)' : '');
		const type = entry.type ? '`' + entry.type + '`' : '';
		lines.push(`| \`${code}\` | ${kind} | ${status} | ${type} | ${errCodeCell(entry)} | ${cell(message)} | ${cell(entry.when)} |`);
	}
	lines.push('');
	return lines.join('\n');
}

module.exports = { renderErrorsDoc };

if (require.main === module) {
	const { errorCatalog } = require(path.join(__dirname, '..', 'lib', 'core', 'errors.js'));
	fs.writeFileSync(path.join(__dirname, '..', 'docs', 'errors.md'), renderErrorsDoc(errorCatalog));
}
