// Writes docs/errors.md from the error catalog (src/core/errors.ts, built to lib/core/errors.js).
// `node scripts/errors-doc.js` rewrites the page; test/errors.catalog.test.ts checks it is current.
const fs = require('node:fs');
const path = require('node:path');

/** The page for a catalog: one table row per code, in catalog order. */
function renderErrorsDoc(catalog) {
	const cell = (text) => String(text).replace(/\|/g, '\\|').replace(/\n/g, '<br>');
	const lines = [
		'# Errors',
		'',
		'Every error Velox creates, from its one catalog (`src/core/errors.ts`); this page is generated from it',
		'by `node scripts/errors-doc.js` and a test fails when the two differ.',
		'',
		'- **Request errors** (`HttpError`) reach your error handlers through `next(err)`, shaped like',
		"  Express 4's http-errors objects: `status`, `statusCode`, `expose` (true for 4xx, so the final",
		'  handler shows the message), and for body parsing the `type` strings Express users match on.',
		'- **Programmer errors** (`TypeError`/`Error`) are thrown at once by the call that got a bad',
		"  argument or option, with Express 4's message.",
		"- Errors thrown by set-up calls (marked *set-up* below: `app.use`, a factory's options, a",
		'  setting) carry `err.code`, the stable code below, not enumerable, so `JSON.stringify(err)`',
		'  reads as with Express 4. Errors that can arise while a request is handled carry no `code` of',
		"  Velox's: they reach your error handlers, where Express 4 code reads `err.code` to recognise",
		'  file system errors (`ENOENT` stays `ENOENT`), so they stay exactly the objects Express 4 gives;',
		'  tell them apart by `status` and, for body parsing, by `type`.',
		'',
		'| code | kind | status | type | message | when |',
		'| --- | --- | ---: | --- | --- | --- |',
	];
	for (const [code, entry] of Object.entries(catalog)) {
		const status = entry.status ?? (entry.kind === 'HttpError' ? 'varies' : '');
		const message = entry.message === undefined ? "(status text, or the cause's own message)" : '`' + entry.message + '`';
		lines.push(
			`| \`${code}\` | ${entry.kind}${entry.setup ? ' (set-up)' : ''} | ${status} | ${entry.type ? '`' + entry.type + '`' : ''} | ${cell(message)} | ${cell(entry.when)} |`,
		);
	}
	lines.push('');
	return lines.join('\n');
}

module.exports = { renderErrorsDoc };

if (require.main === module) {
	const { errorCatalog } = require(path.join(__dirname, '..', 'lib', 'core', 'errors.js'));
	fs.writeFileSync(path.join(__dirname, '..', 'docs', 'errors.md'), renderErrorsDoc(errorCatalog));
}
