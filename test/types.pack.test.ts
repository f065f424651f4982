/**
 * A clean install: the packed tarball installed outside the repository with only typescript
 * and @types/node compiles a hello world under --strict with skipLibCheck false, in CommonJS
 * and ESM. This catches published declarations that need a devDependency (an @types package)
 * or a file left out of the package. Skips, saying why, without npm or without the registry.
 */
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, test } from 'node:test';

function packageRoot(): string {
	let dir = __dirname;
	while (dirname(dir) !== dir) {
		const manifest = join(dir, 'package.json');
		if (existsSync(manifest) && (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'velox') return dir;
		dir = dirname(dir);
	}
	throw new Error('package root not found above ' + __dirname);
}

const root = packageRoot();
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npmVersion = spawnSync(npm, ['--version'], { encoding: 'utf8' });
const npmMissing = npmVersion.error || npmVersion.status !== 0 ? 'npm is not available: ' + (npmVersion.error?.message ?? npmVersion.stderr) : false;

const work = mkdtempSync(join(tmpdir(), 'velox-pack-'));
after(() => rmSync(work, { recursive: true, force: true }));

/** The version of a devDependency installed here, so that the clean project uses the same one. */
function installedVersion(name: string): string {
	return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version;
}

const hello = `import velox = require('velox');
const app = velox();
app.use(velox.json());
app.get('/hello/:name', (req, res) => {
	const name: string = req.params.name;
	res.json({ hello: name, body: req.body });
});
app.use((err: Error, _req: velox.Request, res: velox.Response, _next: velox.NextFunction) => {
	res.status(500).send(err.message);
});
app.listen(3000);
`;
const helloEsm = `import velox, { Router, type Request, type Response } from 'velox';
const router: Router = Router();
router.get('/', (_req: Request, res: Response) => res.send('hello'));
velox().use(router, velox.static('public'));
`;
const tsconfig = {
	compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'nodenext', moduleResolution: 'nodenext', target: 'ES2022', types: ['node'] },
	files: ['hello.ts', 'hello-esm.mts'],
};

test('the packed package compiles a hello world in a clean project (typescript and @types/node only, skipLibCheck false)', { skip: npmMissing, timeout: 600_000 }, (t) => {
	const tarball = execFileSync(npm, ['pack', '--silent', '--pack-destination', work], { cwd: root, encoding: 'utf8', timeout: 120_000 }).trim().split('\n').pop()!;
	const project = join(work, 'project');
	mkdirSync(project);
	writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'velox-hello', version: '1.0.0', private: true }));
	writeFileSync(join(project, 'hello.ts'), hello);
	writeFileSync(join(project, 'hello-esm.mts'), helloEsm);
	writeFileSync(join(project, 'tsconfig.json'), JSON.stringify(tsconfig));
	const install = spawnSync(
		npm,
		['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', join(work, tarball), 'typescript@' + installedVersion('typescript'), '@types/node@' + installedVersion('@types/node')],
		{ cwd: project, encoding: 'utf8', timeout: 480_000 },
	);
	if (install.status !== 0 && /ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ETIMEDOUT|ECONNRESET|network/i.test(install.stderr)) {
		t.skip('the registry is not reachable: ' + install.stderr.split('\n').find((line) => /ERR/.test(line)));
		return;
	}
	assert.equal(install.status, 0, install.stderr);
	const installed = JSON.parse(readFileSync(join(project, 'node_modules', 'velox', 'package.json'), 'utf8')) as { dependencies?: Record<string, string> };
	assert.ok(!Object.keys(installed.dependencies ?? {}).some((name) => name.startsWith('@types/')), 'velox has no @types runtime dependency');
	const tsc = spawnSync(process.execPath, [join(project, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', project], { cwd: project, encoding: 'utf8', timeout: 300_000 });
	assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);

	// The oldest compiler the declarations support: TypeScript 4.1 (template literal types), with
	// an @types/node of its time; CommonJS only (the ESM declarations need 4.7's node16 resolution).
	const old = join(work, 'old');
	mkdirSync(old);
	writeFileSync(join(old, 'package.json'), JSON.stringify({ name: 'velox-hello-old', version: '1.0.0', private: true }));
	writeFileSync(join(old, 'hello.ts'), hello);
	const oldConfig = { compilerOptions: { strict: true, noEmit: true, skipLibCheck: false, module: 'commonjs', target: 'ES2020', types: ['node'] }, files: ['hello.ts'] };
	writeFileSync(join(old, 'tsconfig.json'), JSON.stringify(oldConfig));
	const oldInstall = spawnSync(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', join(work, tarball), 'typescript@4.1', '@types/node@16.18.0'], {
		cwd: old,
		encoding: 'utf8',
		timeout: 480_000,
	});
	assert.equal(oldInstall.status, 0, oldInstall.stderr);
	const oldTsc = spawnSync(process.execPath, [join(old, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', old], { cwd: old, encoding: 'utf8', timeout: 300_000 });
	assert.equal(oldTsc.status, 0, 'TypeScript 4.1: ' + oldTsc.stdout + oldTsc.stderr);
});
