/**
 * The published types in ESM and with esModuleInterop: test/types/ compiles against lib/ under
 * `--module nodenext` (CommonJS .ts and ESM .mts) and with `import velox from 'velox'`, with zero
 * errors under --strict and skipLibCheck false; index.d.mts carries every name of index.d.ts.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';
import { packageRoot } from './helpers/package-root';
import { assertCompiles, createProgram, createProgramOf } from './types.helpers';

test('typed Express code compiles with zero errors: --module nodenext (ESM .mts and CommonJS .ts)', () => {
	assertCompiles(createProgram('tsconfig.nodenext.json'));
});

test('typed Express code compiles with zero errors: CommonJS with esModuleInterop, `import velox from "velox"`', () => {
	assertCompiles(createProgram('tsconfig.interop.json'));
});

test('the ESM declarations (index.d.mts) carry the names of the CommonJS ones, Router a value and a type in both', () => {
	const dist = join(packageRoot(), 'lib');
	const cjsPath = join(dist, 'express.d.ts');
	const esmPath = join(dist, 'express.d.mts');
	const program = createProgramOf([cjsPath, esmPath], {
		strict: true,
		noEmit: true,
		// Only the names are compared here; the declarations themselves are checked above.
		skipLibCheck: true,
		module: ts.ModuleKind.NodeNext,
		moduleResolution: ts.ModuleResolutionKind.NodeNext,
		types: ['node'],
	});
	assert.deepEqual(
		ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
		[],
	);
	const checker = program.getTypeChecker();
	const resolve = (symbol: ts.Symbol): ts.Symbol => (symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol);

	const cjsModule = checker.getSymbolAtLocation(program.getSourceFile(cjsPath)!)!;
	const exportEquals = cjsModule.exports?.get(ts.InternalSymbolName.ExportEquals);
	assert.ok(exportEquals, 'index.d.ts has `export =`');
	const velox = resolve(exportEquals);
	const cjsTypes = [...(velox.exports?.keys() ?? [])].map(String).sort();
	const cjsValues = checker
		.getPropertiesOfType(checker.getTypeOfSymbol(velox))
		.map((p) => p.name)
		.filter((name) => name !== 'prototype')
		.sort();

	const esmModule = checker.getSymbolAtLocation(program.getSourceFile(esmPath)!)!;
	const esmExports = checker.getExportsOfModule(esmModule).filter((s) => s.name !== 'default');
	const esmTypes = esmExports
		.filter((s) => resolve(s).flags & ts.SymbolFlags.Type)
		.map((s) => s.name)
		.sort();
	const esmValues = esmExports
		.filter((s) => resolve(s).flags & ts.SymbolFlags.Value)
		.map((s) => s.name)
		.sort();

	assert.ok(cjsTypes.length >= 50, 'the CommonJS namespace holds the types: ' + cjsTypes.join(', '));
	assert.deepEqual(esmTypes, cjsTypes);
	assert.ok(cjsValues.includes('Router') && cjsValues.includes('json') && cjsValues.includes('static'));
	// The CommonJS value may carry Function members (name, length, …) that ESM need not re-export.
	assert.deepEqual(
		esmValues,
		cjsValues.filter((name) => esmValues.includes(name) || !(name in Function.prototype)),
	);
	assert.ok(esmTypes.includes('Router') && esmValues.includes('Router'), 'Router is a value and a type in index.d.mts');
});
