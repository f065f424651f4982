/**
 * The published types, as a user's compiler sees them: the files of test/types/ compile
 * against the built package (lib/) with zero errors under --strict and skipLibCheck false in
 * CommonJS (`import velox = require('velox')`); every `// @ts-expect-error` there must fail
 * (tsc reports an unused one), and every `// $ExpectType T` comment must match the compiler's
 * own rendering of the type. ESM and esModuleInterop: types.esm.test.ts.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import ts from 'typescript';
import { assertCompiles, createProgram, expectations } from './types.helpers';

let cjs: ts.Program | undefined;
const program = (): ts.Program => (cjs ??= createProgram('tsconfig.json'));

test('typed Express code compiles with zero errors: CommonJS, `import velox = require("velox")`', () => {
	assertCompiles(program());
});

test('inferred types match the // $ExpectType comments', () => {
	const results = expectations(program());
	assert.ok(results.length >= 25, 'expected the $ExpectType comments of test/types to be found, found ' + results.length);
	const mismatches = results.filter((r) => r.expected.replace(/\s+/g, ' ') !== r.actual.replace(/\s+/g, ' '));
	assert.deepEqual(mismatches, []);
});

test('a // @ts-expect-error that does not fail is itself an error (the must-fail lines are checked)', () => {
	const host = ts.createCompilerHost({ strict: true, noEmit: true, types: [] });
	const source = '// @ts-expect-error\nconst fine: number = 1;\nexport { fine };\n';
	const getSourceFile = host.getSourceFile;
	host.getSourceFile = (name, version) => (name === 'probe.ts' ? ts.createSourceFile(name, source, version) : getSourceFile(name, version));
	const probe = ts.createProgram(['probe.ts'], { strict: true, noEmit: true, types: [] }, host);
	const codes = ts.getPreEmitDiagnostics(probe).map((d) => d.code);
	assert.ok(codes.includes(2578), 'TS2578 (unused @ts-expect-error) expected, got ' + codes.join(','));
});
