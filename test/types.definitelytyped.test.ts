/**
 * DefinitelyTyped's own tests of @types/express 4 and @types/express-serve-static-core 4
 * (test/fixtures/definitelytyped/, MIT, unchanged below their header) compile against Velox's
 * published types with Velox standing in for `express`, under --strict and skipLibCheck false:
 * those of the newest 4.x typings, and those written against the 4.17.x releases (DefinitelyTyped's
 * ts4.0 copies). Their `// $ExpectError` lines (the older dtslint marker) count as
 * `// @ts-expect-error`, so what they reject must still be rejected. Against pinned releases
 * installed from the registry: types.pack-definitelytyped.test.ts.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { packageRoot } from './helpers/package-root';
import { dtslintToTsc, expectations, fixtures, format } from './types.helpers';

const root = packageRoot();

function program(file: string): ts.Program {
	const options: ts.CompilerOptions = {
		strict: true,
		noEmit: true,
		skipLibCheck: false,
		target: ts.ScriptTarget.ES2022,
		lib: ['lib.es2022.d.ts'],
		types: ['node'],
		module: ts.ModuleKind.CommonJS,
		moduleResolution: ts.ModuleResolutionKind.Node10,
		paths: { express: [root] },
	};
	const full = join(fixtures, file);
	const host = ts.createCompilerHost(options);
	const getSourceFile = host.getSourceFile.bind(host);
	host.getSourceFile = (name, version, onError, shouldCreate) =>
		name === full ? ts.createSourceFile(name, dtslintToTsc(readFileSync(full, 'utf8')), version, true) : getSourceFile(name, version, onError, shouldCreate);
	// Velox is in the program as in a project that uses it (the core tests import only express-serve-static-core).
	return ts.createProgram([full, join(root, 'lib', 'express.d.ts')], options, host);
}

function errors(p: ts.Program): string[] {
	return ts
		.getPreEmitDiagnostics(p)
		.map((d) => format([d]).split('\n')[0])
		.filter(Boolean);
}

test("DefinitelyTyped's tests of the newest @types/express 4.x compile against Velox", () => {
	const p = program('express-v4-tests.ts');
	assert.ok(
		p.getSourceFiles().some((f) => f.fileName.endsWith(join('lib', 'core', 'types', 'request.d.ts'))),
		'express is Velox',
	);
	assert.deepEqual(errors(p), []);
});

test("DefinitelyTyped's tests of the newest @types/express-serve-static-core 4.x compile against Velox's declaration of that module", () => {
	const p = program('express-serve-static-core-v4-tests.ts');
	assert.deepEqual(errors(p), []);
	// The types match but for req.ip, which Velox types `string` to accept code written for 4.17.x too
	// (a comment inside an object literal has no statement of its own for this harness to read).
	const mismatches = expectations(p, fixtures).filter(
		(r) => r.actual !== '(no statement)' && r.expected.replace(/\s+/g, ' ') !== r.actual.replace(/\s+/g, ' '),
	);
	assert.deepEqual(mismatches, [{ where: 'express-serve-static-core-v4-tests.ts:289', expected: 'string | undefined', actual: 'string' }]);
});

test("DefinitelyTyped's tests written against @types/express-serve-static-core 4.17.x compile against Velox, but for numbered params on literal paths", () => {
	// Before 4.17.21, req.params was a ParamsDictionary on every path; since, a path literal types it
	// (`'/:foo'` gives `{ foo: string }`), and Velox keeps that typing: `req.params[0]` on such a path
	// is the one difference left (docs/design.md, Public types).
	const found = errors(program('express-serve-static-core-ts4.0-tests.ts'));
	assert.deepEqual(
		found.map((line) => line.replace(/^[^(]*\((\d+),\d+\): error (TS\d+).*$/, '$1 $2')),
		['14 TS7053', '25 TS7053', '99 TS7053', '107 TS7053'],
		found.join('\n'),
	);
});
