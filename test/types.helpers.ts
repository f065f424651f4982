/**
 * Shared by the type tests: the files of test/types/ compiled with the compiler API against
 * the built package, source files parsed once per test process, and `// $ExpectType` checks.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { packageRoot } from './helpers/package-root';
import { packedTarball, withoutCoverage } from './helpers/packed';

export const typesDir = join(packageRoot(), 'test', 'types');

// Parsing @types/node and the libs dominates a program's cost: parse each file once per process.
const sourceFiles = new Map<string, ts.SourceFile | undefined>();

function cachingHost(options: ts.CompilerOptions): ts.CompilerHost {
	const host = ts.createCompilerHost(options);
	const read = host.getSourceFile.bind(host);
	host.getSourceFile = (fileName, languageVersion, onError, shouldCreate) => {
		const key = fileName + '\0' + JSON.stringify(languageVersion);
		if (!sourceFiles.has(key)) sourceFiles.set(key, read(fileName, languageVersion, onError, shouldCreate));
		return sourceFiles.get(key);
	};
	return host;
}

/**
 * A program for `test/types/<configName>`. Paths matching `hidden` do not exist for it (as if
 * those packages were not installed).
 */
export function createProgram(configName: string, hidden?: RegExp): ts.Program {
	const parsed = ts.getParsedCommandLineOfConfigFile(
		join(typesDir, configName),
		{},
		{
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
				throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
			},
		},
	);
	assert.ok(parsed, configName + ' could not be read');
	const host = cachingHost(parsed.options);
	if (hidden) {
		const { fileExists, directoryExists, readFile } = host;
		host.fileExists = (name) => !hidden.test(name) && fileExists.call(host, name);
		host.directoryExists = (name) => !hidden.test(name) && (directoryExists ? directoryExists.call(host, name) : true);
		host.readFile = (name) => (hidden.test(name) ? undefined : readFile.call(host, name));
	}
	return ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options, host });
}

export function createProgramOf(rootNames: string[], options: ts.CompilerOptions): ts.Program {
	return ts.createProgram({ rootNames, options, host: cachingHost(options) });
}

export function format(diagnostics: readonly ts.Diagnostic[]): string {
	return ts.formatDiagnostics(diagnostics, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => typesDir, getNewLine: () => '\n' });
}

/** Compiles and asserts zero diagnostics under --strict with skipLibCheck false. */
export function assertCompiles(program: ts.Program): void {
	assert.equal(program.getCompilerOptions().skipLibCheck, false);
	assert.equal(program.getCompilerOptions().strict, true);
	const diagnostics = ts.getPreEmitDiagnostics(program);
	assert.equal(diagnostics.length, 0, format(diagnostics));
}

export interface Expectation {
	where: string;
	expected: string;
	actual: string;
}

/** Each `// $ExpectType T` comment of the files below `dir` with the type of its statement (the one it ends, or else the next). */
export function expectations(program: ts.Program, dir = typesDir): Expectation[] {
	const checker = program.getTypeChecker();
	const results: Expectation[] = [];
	for (const sourceFile of program.getSourceFiles()) {
		if (!sourceFile.fileName.startsWith(dir)) continue;
		const byLine = new Map<number, ts.Node>();
		const visit = (node: ts.Node): void => {
			if (ts.isExpressionStatement(node) || ts.isTypeAliasDeclaration(node)) {
				const line = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile)).line;
				if (!byLine.has(line)) byLine.set(line, node);
			}
			ts.forEachChild(node, visit);
		};
		visit(sourceFile);
		sourceFile.text.split('\n').forEach((text, line) => {
			const match = /\/\/ \$ExpectType (.+)$/.exec(text);
			if (!match) return;
			const node = byLine.get(text.trim().startsWith('//') ? line + 1 : line);
			const where = sourceFile.fileName.slice(dir.length + 1) + ':' + (line + 1);
			if (!node) {
				results.push({ where, expected: match[1].trim(), actual: '(no statement)' });
				return;
			}
			const type = ts.isTypeAliasDeclaration(node)
				? checker.getTypeAtLocation(node.name)
				: checker.getTypeAtLocation((node as ts.ExpressionStatement).expression);
			results.push({ where, expected: match[1].trim(), actual: checker.typeToString(type, undefined, ts.TypeFormatFlags.NoTruncation) });
		});
	}
	return results;
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Why the clean-install tests cannot run here (npm missing), or false. */
export function npmUnavailable(): string | false {
	const version = spawnSync(npm, ['--version'], { encoding: 'utf8' });
	return version.error || version.status !== 0 ? 'npm is not available: ' + (version.error?.message ?? version.stderr) : false;
}

/** The version of a devDependency installed here, so that a clean project uses the same one. */
export function installedVersion(name: string): string {
	return (JSON.parse(readFileSync(join(packageRoot(), 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

export interface CleanProject {
	/** The project directory, or undefined when the registry could not be reached (with the reason). */
	dir?: string;
	unreachable?: string;
}

/**
/**
 * Installs the packed Velox (the tarball of `npm pack`, packed once per build: helpers/packed.ts)
 * with only `dependencies` into a new project below `work` (under the name `installAs`, e.g.
 * `express` as an npm alias installs it), writes `files` there, and returns the project directory.
 * `packed`: a tarball to install instead (Velox 5's, from `npm run pack:5`).
 */
export function cleanProject(
	work: string,
	name: string,
	dependencies: string[],
	files: Record<string, string>,
	installAs = 'velox',
	packed?: string,
): CleanProject {
	const tarball = packed ?? packedTarball();
	const dir = join(work, name);
	mkdirSync(dir);
	writeFileSync(join(dir, 'package.json'), JSON.stringify({ name, version: '1.0.0', private: true }));
	for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
	const install = spawnSync(
		npm,
		['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', installAs + '@file:' + tarball, ...dependencies],
		{
			cwd: dir,
			encoding: 'utf8',
			timeout: 480_000,
			env: withoutCoverage(),
		},
	);
	if (install.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network/i.test(install.stderr)) {
		return { unreachable: 'the registry is not reachable: ' + install.stderr.split('\n').find((line) => /ERR/.test(line)) };
	}
	assert.equal(install.status, 0, install.stderr);
	return { dir };
}

/**
 * Runs tsc on the project's tsconfig.json (or `config`): the project's own typescript (or the
 * package `compiler`, a TypeScript the project installed under an alias such as `typescript-4.4`)
 * when it installed one, else this repository's (the compiler's location does not change what the
 * project resolves).
 */
export function projectTsc(dir: string, config = 'tsconfig.json', compiler = 'typescript'): { status: number | null; output: string } {
	const own = join(dir, 'node_modules', compiler, 'bin', 'tsc');
	assert.ok(compiler === 'typescript' || existsSync(own), compiler + ' is not installed in ' + dir);
	const tsc = spawnSync(process.execPath, [existsSync(own) ? own : join(packageRoot(), 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, config)], {
		cwd: dir,
		encoding: 'utf8',
		timeout: 300_000,
		env: withoutCoverage(),
	});
	return { status: tsc.status, output: tsc.stdout + tsc.stderr };
}

/** A hello world as a CommonJS TypeScript user writes it. */
export const helloCommonJs = `import velox = require('velox');
const app = velox();
app.use(velox.json());
app.get('/hello/:name', (req, res) => {
	const name: string = req.params.name;
	res.json({ hello: name, body: req.body });
});
app.use((err: Error, _req: velox.Request, res: velox.Response, _next: velox.NextFunction) => {
	res.status(500).send(err.message);
});
const router: velox.Router = velox.Router();
app.use('/r', router);
app.listen(3000);
`;

/** The same as an ESM TypeScript user writes it (`--module nodenext`). */
export const helloEsm = `import velox, { Router, type Request, type Response } from 'velox';
const router: Router = Router();
router.get('/', (_req: Request, res: Response) => res.send('hello'));
velox().use(router, velox.static('public'));
`;

/** DefinitelyTyped's test files (MIT, with their license), for the tests that compile them. */
export const fixtures = join(packageRoot(), 'test', 'fixtures', 'definitelytyped');

/** `// $ExpectError` (on its own line, or after a statement) as `// @ts-expect-error` on the line before. */
export function dtslintToTsc(text: string): string {
	return text
		.split('\n')
		.map((line) => {
			const match = /^(\s*)(.*?)\s*\/\/ \$ExpectError\s*$/.exec(line);
			if (!match) return line;
			return match[2] === '' ? match[1] + '// @ts-expect-error' : match[1] + '// @ts-expect-error\n' + match[1] + match[2];
		})
		.join('\n');
}
