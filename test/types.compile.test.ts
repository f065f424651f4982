/**
 * The published types, as a user's compiler sees them: the files of test/types/ compile
 * against the built package (dist/) with zero errors under --strict and skipLibCheck false,
 * CommonJS (`import x = require('velox')`), esModuleInterop and `--module nodenext`;
 * every `// @ts-expect-error` there must fail (tsc reports an unused one), and every
 * `// $ExpectType T` comment must match the compiler's own rendering of the type.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

function packageRoot(): string {
	let dir = __dirname;
	while (dirname(dir) !== dir) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'velox') return dir;
		dir = dirname(dir);
	}
	throw new Error('package root not found above ' + __dirname);
}

const typesDir = join(packageRoot(), 'test', 'types');

function createProgram(configName: string): ts.Program {
	const parsed = ts.getParsedCommandLineOfConfigFile(join(typesDir, configName), {}, {
		...ts.sys,
		onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
			throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
		},
	});
	assert.ok(parsed, configName + ' could not be read');
	return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });
}

function format(diagnostics: readonly ts.Diagnostic[]): string {
	return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => typesDir, getNewLine: () => '\n' });
}

/** The node a `// $ExpectType` comment is about: the statement it ends, or else the next one. */
function expectations(program: ts.Program): { where: string; expected: string; actual: string }[] {
	const checker = program.getTypeChecker();
	const results: { where: string; expected: string; actual: string }[] = [];
	for (const sourceFile of program.getSourceFiles()) {
		if (!sourceFile.fileName.startsWith(typesDir)) continue;
		const byLine = new Map<number, ts.Node>();
		const visit = (node: ts.Node): void => {
			if (ts.isExpressionStatement(node) || ts.isTypeAliasDeclaration(node)) {
				const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
				if (!byLine.has(line)) byLine.set(line, node);
			}
			ts.forEachChild(node, visit);
		};
		visit(sourceFile);
		const lines = sourceFile.text.split('\n');
		lines.forEach((text, line) => {
			const match = /\/\/ \$ExpectType (.+)$/.exec(text);
			if (!match) return;
			const ownLine = text.trim().startsWith('//');
			const node = byLine.get(ownLine ? line + 1 : line);
			const where = sourceFile.fileName.slice(typesDir.length + 1) + ':' + (line + 1);
			if (!node) {
				results.push({ where, expected: match[1].trim(), actual: '(no statement)' });
				return;
			}
			const type = ts.isTypeAliasDeclaration(node) ? checker.getTypeAtLocation(node.name) : checker.getTypeAtLocation((node as ts.ExpressionStatement).expression);
			const actual = checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation);
			results.push({ where, expected: match[1].trim(), actual });
		});
	}
	return results;
}

const configs = [
	['tsconfig.json', 'CommonJS, `import velox = require("velox")`'],
	['tsconfig.interop.json', 'CommonJS with esModuleInterop, `import velox from "velox"`'],
	['tsconfig.nodenext.json', '--module nodenext (CommonJS .ts and ESM .mts)'],
] as const;

for (const [config, label] of configs) {
	test(`typed Express code compiles with zero errors: ${label}`, { timeout: 300_000 }, () => {
		const program = createProgram(config);
		const diagnostics = ts.getPreEmitDiagnostics(program);
		assert.equal(diagnostics.length, 0, format(diagnostics));
		assert.equal(program.getCompilerOptions().skipLibCheck, false);
		assert.equal(program.getCompilerOptions().strict, true);
	});
}

test('inferred types match the // $ExpectType comments', { timeout: 300_000 }, () => {
	const results = expectations(createProgram('tsconfig.json'));
	assert.ok(results.length >= 25, 'expected the $ExpectType comments of test/types to be found, found ' + results.length);
	const mismatches = results.filter((r) => r.expected.replace(/\s+/g, ' ') !== r.actual.replace(/\s+/g, ' '));
	assert.deepEqual(mismatches, []);
});

test('a // @ts-expect-error that does not fail is itself an error (the must-fail lines are checked)', () => {
	const host = ts.createCompilerHost({ strict: true, noEmit: true, types: [] });
	const source = '// @ts-expect-error\nconst fine: number = 1;\nexport { fine };\n';
	const getSourceFile = host.getSourceFile;
	host.getSourceFile = (name, version) => (name === 'probe.ts' ? ts.createSourceFile(name, source, version) : getSourceFile(name, version));
	const program = ts.createProgram(['probe.ts'], { strict: true, noEmit: true, types: [] }, host);
	const codes = ts.getPreEmitDiagnostics(program).map((d) => d.code);
	assert.ok(codes.includes(2578), 'TS2578 (unused @ts-expect-error) expected, got ' + codes.join(','));
});
