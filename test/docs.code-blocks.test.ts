/**
 * Every fenced JavaScript/TypeScript code block in README.md and docs/ (docs/api/ included) runs,
 * so the docs cannot rot. Each block runs in a child node process from a file inside the package,
 * so `require('velox')` / `import … from 'velox'` resolve to the built package (its own exports).
 *
 * - Blocks tagged js, javascript, cjs, mjs, ts or typescript run; other tags (sh, json, nginx,
 *   yaml, dockerfile, text …) never do.
 * - `<!-- docs-test: skip -->` on the line before a fence skips a block (a fragment, or code that
 *   needs a service the tests do not start); say why after the word skip.
 * - A block with top-level import/export runs as an ES module; TypeScript is transpiled first,
 *   and every TypeScript block also type-checks (strict) against Velox's published types (lib/express.d.ts).
 * - A server a block starts listens on a free port instead of the one written; shortly after it
 *   listens it answers one `GET /` (not with a 5xx), then the block's SIGTERM handler runs if it
 *   has one, or else the server is closed; the process must then exit by itself, with status 0 and
 *   nothing on stderr.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { markdownFiles } from './helpers/markdown-files';

const ROOT = path.join(__dirname, '..', '..');
const WORK = path.join(ROOT, 'build', 'docs-blocks');
const RUN = new Set(['js', 'javascript', 'cjs', 'mjs', 'ts', 'typescript']);
const SKIP_MARKER = /^<!--\s*docs-test:\s*skip\b.*-->\s*$/;

export interface CodeBlock {
	file: string;
	line: number;
	lang: string;
	code: string;
	skip: boolean;
}

/** The fenced code blocks of a markdown text, with the line of each opening fence. */
export function extractBlocks(markdown: string, file: string): CodeBlock[] {
	const lines = markdown.split('\n');
	const blocks: CodeBlock[] = [];
	for (let i = 0; i < lines.length; i++) {
		const open = /^(\s*)(```+|~~~+)\s*([\w+-]*)/.exec(lines[i]);
		if (!open) continue;
		const fence = open[2];
		const body: string[] = [];
		let j = i + 1;
		while (j < lines.length && !lines[j].trimStart().startsWith(fence)) body.push(lines[j++]);
		let k = i - 1;
		while (k >= 0 && lines[k].trim() === '') k--;
		blocks.push({ file, line: i + 1, lang: open[3].toLowerCase(), code: body.join('\n'), skip: k >= 0 && SKIP_MARKER.test(lines[k].trim()) });
		i = j;
	}
	return blocks;
}

const isModule = (code: string) => /^\s*(import\s+[\w{*'"]|export\s)/m.test(code);

/** The file a block runs as: .cjs or .mjs, TypeScript transpiled. */
function materialize(block: CodeBlock, index: number): string {
	let code = block.code;
	let esm = block.lang === 'mjs' || (block.lang !== 'cjs' && isModule(code));
	if (block.lang === 'ts' || block.lang === 'typescript') {
		code = ts.transpileModule(code, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, esModuleInterop: true } }).outputText;
		esm = false;
	}
	const name = `${path.relative(ROOT, block.file).replace(/[^\w]+/g, '_')}-${block.line}-${index}${esm ? '.mjs' : '.cjs'}`;
	const file = path.join(WORK, name);
	fs.writeFileSync(file, code);
	return file;
}

/**
 * Loaded before each block (--require): a server listens on a free port; a moment after it
 * listens it gets one `GET /` (a 5xx answer is reported on stderr, so the test fails), then the
 * block's own SIGTERM handler runs if it has one (so shutdown code in the docs is exercised), or
 * else the server is closed with its connections.
 */
const PRELOAD = `
const http = require('node:http');
const net = require('node:net');
const listen = net.Server.prototype.listen;
const linger = Number(process.env.DOCS_TEST_LINGER_MS) || 300;
let signalled = false;
function finish(server) {
	if (process.listenerCount('SIGTERM') > 0) {
		if (!signalled) process.kill(process.pid, 'SIGTERM');
		signalled = true;
		return;
	}
	if (typeof server.closeAllConnections === 'function') server.closeAllConnections();
	server.close();
}
net.Server.prototype.listen = function (...args) {
	if (typeof args[0] === 'number' || (typeof args[0] === 'string' && /^\\d+$/.test(args[0]))) args[0] = 0;
	else if (args[0] && typeof args[0] === 'object' && 'port' in args[0]) args[0] = { ...args[0], port: 0 };
	this.once('listening', () => {
		const address = this.address();
		setTimeout(() => {
			if (!(this instanceof http.Server) || !address || typeof address !== 'object') return finish(this);
			const req = http.get({ host: '127.0.0.1', port: address.port, path: '/', agent: false }, (res) => {
				res.resume();
				if (res.statusCode >= 500) process.stderr.write('docs-test: GET / answered ' + res.statusCode + '\\n');
				res.on('end', () => finish(this));
			});
			req.on('error', (error) => {
				process.stderr.write('docs-test: GET / failed: ' + error.message + '\\n');
				finish(this);
			});
		}, linger);
	});
	return listen.apply(this, args);
};
`;

function run(file: string): Promise<{ code: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string; timedOut: boolean }> {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, ['--require', path.join(WORK, 'preload.cjs'), file], {
			cwd: ROOT,
			env: { ...process.env, NODE_ENV: 'test', PORT: '0' },
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let stdout = '';
		let stderr = '';
		child.stdout.on('data', (chunk) => {
			stdout += chunk;
		});
		child.stderr.on('data', (chunk) => {
			stderr += chunk;
		});
		let timedOut = false;
		const timer = setTimeout(() => {
			timedOut = true;
			child.kill('SIGKILL');
		}, 30_000);
		child.on('exit', (code, signal) => {
			clearTimeout(timer);
			resolve({ code, signal, stdout, stderr, timedOut });
		});
	});
}

describe('extracting code blocks', () => {
	test('fences, languages, the line of each block and the skip marker', () => {
		const markdown = [
			'# Title',
			'```js',
			'const a = 1;',
			'```',
			'<!-- docs-test: skip (a fragment) -->',
			'',
			'```ts',
			'let b: number;',
			'```',
			'    indented code is not a fenced block',
			'~~~sh',
			'npm test',
			'~~~',
		].join('\n');
		assert.deepEqual(extractBlocks(markdown, 'x.md'), [
			{ file: 'x.md', line: 2, lang: 'js', code: 'const a = 1;', skip: false },
			{ file: 'x.md', line: 7, lang: 'ts', code: 'let b: number;', skip: true },
			{ file: 'x.md', line: 11, lang: 'sh', code: 'npm test', skip: false },
		]);
	});

	test('ES module detection', () => {
		assert.equal(isModule("import velox from 'velox';"), true);
		assert.equal(isModule('export const x = 1;'), true);
		assert.equal(isModule("const velox = require('velox'); // or: import velox from 'velox'"), false);
	});
});

describe("TypeScript code blocks type-check against Velox's types", () => {
	const tsBlocks = markdownFiles(ROOT).flatMap((file) =>
		extractBlocks(fs.readFileSync(file, 'utf8'), file).filter((block) => !block.skip && (block.lang === 'ts' || block.lang === 'typescript')),
	);
	test(`${tsBlocks.length} block(s), strict`, { skip: tsBlocks.length === 0 ? 'no TypeScript blocks' : false }, () => {
		const dir = path.join(ROOT, 'build', 'docs-blocks-ts');
		fs.rmSync(dir, { recursive: true, force: true });
		fs.mkdirSync(dir, { recursive: true });
		const names = new Map<string, string>();
		const files = tsBlocks.map((block, i) => {
			const file = path.join(dir, `block${i}.ts`);
			// `export {}` keeps each block's top-level names its own.
			fs.writeFileSync(file, `${block.code}\nexport {};\n`);
			names.set(file, `${path.relative(ROOT, block.file)}:${block.line}`);
			return file;
		});
		const program = ts.createProgram(files, {
			strict: true,
			noEmit: true,
			target: ts.ScriptTarget.ES2022,
			module: ts.ModuleKind.CommonJS,
			moduleResolution: ts.ModuleResolutionKind.Node10,
			esModuleInterop: true,
			skipLibCheck: true,
			types: ['node'],
			baseUrl: ROOT,
			// The published declarations (lib/, built by pretest): what a user's editor sees.
			paths: { velox: ['lib/express.d.ts'] },
		});
		const problems = ts
			.getPreEmitDiagnostics(program)
			.filter((d) => d.file === undefined || names.has(path.resolve(d.file.fileName)))
			.map((d) => {
				const where = d.file ? `${names.get(path.resolve(d.file.fileName))} (+${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1})` : '';
				return `${where}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`;
			});
		assert.deepEqual(problems, []);
	});
});

describe('code blocks in README.md and docs/ run', () => {
	fs.rmSync(WORK, { recursive: true, force: true });
	fs.mkdirSync(WORK, { recursive: true });
	fs.writeFileSync(path.join(WORK, 'preload.cjs'), PRELOAD);
	let index = 0;
	for (const file of markdownFiles(ROOT)) {
		const blocks = extractBlocks(fs.readFileSync(file, 'utf8'), file).filter((block) => RUN.has(block.lang));
		for (const block of blocks) {
			const where = `${path.relative(ROOT, file)}:${block.line} (${block.lang})`;
			const runnable = materialize(block, index++);
			test(where, { skip: block.skip ? 'marked <!-- docs-test: skip -->' : false }, async () => {
				const result = await run(runnable);
				const report = `${where} → ${path.relative(ROOT, runnable)}\nstdout:\n${result.stdout}\nstderr:\n${result.stderr}`;
				assert.equal(result.timedOut, false, `did not exit within 30 s (an open handle?)\n${report}`);
				// The preload sends SIGTERM only to a block that handles it; `velox.shutdownOnSignal`
				// shuts down, then raises the signal again, so such a process ends by SIGTERM, cleanly.
				if (result.signal !== 'SIGTERM') assert.equal(result.code, 0, report);
				assert.equal(result.stderr.trim(), '', report);
			});
		}
	}
});

export { isModule };
