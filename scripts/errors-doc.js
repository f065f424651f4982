// Writes docs/errors.md from the error catalog (src/errors.ts, built to dist/errors.js).
// `node scripts/errors-doc.js` rewrites the page; test/errors.catalog.test.ts checks it is current.
const fs = require('node:fs');
const path = require('node:path');

/** The page for a catalog: one table row per code, in catalog order. */
function renderErrorsDoc(catalog) {
	const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, '<br>');
	const lines = [
		'# Errors',
		'',
		'Every error Velox creates, from its one catalog (`src/errors.ts`); this page is generated from it',
		'by `node scripts/errors-doc.js` and a test fails when the two differ.',
		'',
		'- **Request errors** (`HttpError`) reach your error handlers through `next(err)`, shaped like',
		"  Express 4's http-errors objects: `status`, `statusCode`, `expose` (true for 4xx, so the final",
		'  handler shows the message), and for body parsing the `type` strings Express users match on.',
		'- **Programmer errors** (`TypeError`/`Error`) are thrown at once by the call that got a bad',
		'  argument or option, with Express 4\'s message.',
		'- Every one carries `err.code`, the stable code below. It is not enumerable, so',
		'  `JSON.stringify(err)` and logs read exactly as with Express 4. Errors that come from elsewhere',
		"  keep their own code (a file system error stays `ENOENT`; a `verify` function's error keeps its own).",
		'',
		'| code | kind | status | type | message | when |',
		'| --- | --- | ---: | --- | --- | --- |',
	];
	for (const [code, entry] of Object.entries(catalog)) {
		const status = entry.status ?? (entry.kind === 'HttpError' ? 'varies' : '');
		const message = entry.message === undefined ? '(status text, or the cause\'s own message)' : '`' + entry.message + '`';
		lines.push(`| \`${code}\` | ${entry.kind} | ${status} | ${entry.type ? '`' + entry.type + '`' : ''} | ${cell(message)} | ${cell(entry.when)} |`);
	}
	lines.push('');
	return lines.join('\n');
}

module.exports = { renderErrorsDoc };

if (require.main === module) {
	const { errorCatalog } = require(path.join(__dirname, '..', 'dist', 'errors.js'));
	fs.writeFileSync(path.join(__dirname, '..', 'docs', 'errors.md'), renderErrorsDoc(errorCatalog));
}
