/**
 * The augmentations @types/express's objects receive reach Velox's (test/types/augment-*.ts):
 * of the module express-serve-static-core, of the module Velox is installed as (`velox`, or
 * `express` through an npm alias), and of the global `Express` namespace; beside @types/express
 * (tsconfig.json, with interop.ts), without it (no @types/express* package visible to the
 * compiler), and installed as `express` with the common middleware's @types. Each program
 * compiles with zero errors under --strict and skipLibCheck false, and its `// $ExpectType`
 * comments match. Installed as `express`, a declaration shaped as @feathersjs/express's `app.use`
 * (a union holding `Express` and `RequestHandler`) types the inline handlers passed to it
 * (express-union.ts). The packed install: types.pack-augment.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type ts from 'typescript';
import { assertCompiles, createProgram, expectations } from './types.helpers';

function assertExpectations(program: ts.Program, atLeast: number): void {
	const results = expectations(program);
	assert.ok(results.length >= atLeast, 'expected at least ' + atLeast + ' $ExpectType comments, found ' + results.length);
	assert.deepEqual(
		results.filter((r) => r.expected.replace(/\s+/g, ' ') !== r.actual.replace(/\s+/g, ' ')),
		[],
	);
}

const files = (program: ts.Program) => program.getSourceFiles().map((f) => f.fileName);

test('augmentations compile without any @types/express* package (as velox)', () => {
	const program = createProgram('tsconfig.alone.json', /[\\/]node_modules[\\/]@types[\\/]express/);
	assert.ok(!files(program).some((f) => /@types[\\/]express/.test(f)), 'no @types/express* file in the program');
	assertCompiles(program);
	assertExpectations(program, 30);
});

test('augmentations compile beside @types/express and @types/express-serve-static-core (as velox)', () => {
	const program = createProgram('tsconfig.json');
	assert.ok(
		files(program).some((f) => /@types[\\/]express[\\/]index\.d\.ts$/.test(f)),
		'@types/express is in the program',
	);
	assertCompiles(program);
});

test('augmentations and the middleware @types compile with Velox installed as express', () => {
	const program = createProgram('tsconfig.express.json');
	const names = files(program);
	assert.ok(!names.some((f) => /@types[\\/]express[\\/]/.test(f)), 'express resolves to Velox, not to @types/express');
	for (const middleware of ['cookie-parser', 'express-session', 'passport', 'multer', 'cors', 'morgan']) {
		assert.ok(
			names.some((f) => f.includes(['node_modules', '@types', middleware, 'index.d.ts'].join('/'))),
			'@types/' + middleware + ' is in the program',
		);
	}
	assertCompiles(program);
	assertExpectations(program, 6);
});

test('a union of Express and RequestHandler (@feathersjs/express 5 app.use) types inline handlers, installed as express', () => {
	const program = createProgram('tsconfig.express-interop.json');
	assert.ok(!files(program).some((f) => /@types[\\/]express[\\/]/.test(f)), 'express resolves to Velox, not to @types/express');
	assert.ok(program.getCompilerOptions().noImplicitAny !== false, 'noImplicitAny (from strict)');
	assertCompiles(program);
	assertExpectations(program, 1);
});
