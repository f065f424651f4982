/**
 * ESM: `import velox, { Router, json } from 'velox'` works through the
 * package's `exports` map, against the built `lib/` (what users get).
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { before, test } from 'node:test';
import { packageRoot } from './helpers/package-root';

const root = packageRoot();

function node(args: string[]): string {
	return execFileSync(process.execPath, args, { cwd: root, encoding: 'utf8', timeout: 30_000 });
}

before(() => {
	// `npm test` builds lib/ first; a bare run of this file builds it here.
	if (!existsSync(join(root, 'lib', 'express.js')) || !existsSync(join(root, 'lib', 'express.mjs'))) {
		execFileSync('npx', ['tsc', '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit', timeout: 300_000 });
		execFileSync(process.execPath, ['scripts/esm-wrapper.js'], { cwd: root, stdio: 'inherit' });
	}
});

test('the default and named exports of the ESM entry are the factory and its members', { timeout: 320_000 }, () => {
	const script = `
		import velox, { Router, json, raw, text, urlencoded, query, Route, application, request, response, static as serveStatic } from 'velox';
		import { createRequire } from 'node:module';
		const required = createRequire(process.cwd() + '/package.json')('velox');
		const checks = {
			defaultIsFactory: typeof velox === 'function' && velox === required,
			router: Router === velox.Router && typeof Router().use === 'function',
			middleware: json === velox.json && raw === velox.raw && text === velox.text && urlencoded === velox.urlencoded && query === velox.query,
			static: serveStatic === velox.static,
			prototypes: application === velox.application && request === velox.request && response === velox.response && Route === velox.Route,
			app: typeof velox().listen === 'function',
		};
		console.log(JSON.stringify(checks));
	`;
	const output = node(['--input-type=module', '-e', script]);
	assert.deepEqual(JSON.parse(output), { defaultIsFactory: true, router: true, middleware: true, static: true, prototypes: true, app: true });
});

test('an ESM app serves a request end to end', { timeout: 60_000 }, () => {
	const script = `
		import velox from 'velox';
		import http from 'node:http';
		const app = velox();
		app.get('/esm/:id', (req, res) => res.end('esm ' + req.params.id));
		const server = app.listen(0, '127.0.0.1', () => {
			http.get({ host: '127.0.0.1', port: server.address().port, path: '/esm/7' }, (res) => {
				let body = '';
				res.on('data', (chunk) => { body += chunk; });
				res.on('end', () => { console.log(res.statusCode + ' ' + body); server.close(); });
			});
		});
	`;
	assert.equal(node(['--input-type=module', '-e', script]).trim(), '200 esm 7');
});

test('require("velox") from CommonJS gives the same factory', { timeout: 60_000 }, () => {
	const output = node(['-e', "const v = require('velox'); console.log(typeof v, typeof v.Router, typeof v.json, typeof v.static)"]);
	assert.equal(output.trim(), 'function function function function');
});
