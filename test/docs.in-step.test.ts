/**
 * The docs kept in step with each other and with the repository:
 * - every relative link in README.md and docs/ (docs/api/ included) reaches a file or folder that
 *   exists, and a `#fragment` a heading of the page it names (GitHub's anchors);
 * - every repository path the docs name in a code span (`src/core/body/read.ts`, `test/…`) exists;
 * - README's list of differences is docs/differences.md in short: each bullet links to a section
 *   of that page, every section is linked, and each row of "What you may notice" has its bullet;
 * - docs/dependencies.md lists exactly package.json's `dependencies` and names its peer ones.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { markdownFiles } from './helpers/markdown-files';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string): string => fs.readFileSync(file, 'utf8');
const rel = (file: string): string => path.relative(ROOT, file);

/** The lines of a markdown text outside fenced code blocks (indented blocks are prose-free enough). */
function proseLines(markdown: string): string[] {
	const lines: string[] = [];
	let fence: string | null = null;
	for (const line of markdown.split('\n')) {
		const open = /^\s*(```+|~~~+)/.exec(line);
		if (fence === null && open) fence = open[1];
		else if (fence !== null && line.trimStart().startsWith(fence)) fence = null;
		else if (fence === null) lines.push(line);
	}
	return lines;
}

/** The anchor GitHub gives a heading: its text lower-cased, punctuation dropped, spaces as hyphens. */
export function slug(heading: string): string {
	return heading
		.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/<[^>]*>/g, '')
		.trim()
		.toLowerCase()
		.replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
		.replace(/ /g, '-');
}

/** Every anchor of a markdown page; a repeated heading gets `-1`, `-2`… as on GitHub. */
export function anchors(markdown: string): Set<string> {
	const seen = new Map<string, number>();
	const result = new Set<string>();
	for (const line of proseLines(markdown)) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (!heading) continue;
		const base = slug(heading[1]);
		const count = seen.get(base) ?? 0;
		seen.set(base, count + 1);
		result.add(count === 0 ? base : `${base}-${count}`);
	}
	return result;
}

/** The targets of inline links and images (`[text](target)`, `![alt](target)`) outside code. */
export function linkTargets(markdown: string): string[] {
	const targets: string[] = [];
	for (const line of proseLines(markdown)) {
		// Code spans may hold brackets and parentheses that are not links.
		const text = line.replace(/`[^`]*`/g, '``');
		for (const match of text.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) targets.push(match[1]);
	}
	return targets;
}

describe('markdown helpers', () => {
	test("GitHub's anchors, repeated headings numbered", () => {
		assert.equal(slug('Kept as in express@4 on purpose'), 'kept-as-in-express4-on-purpose');
		assert.equal(slug('Internals that differ (kept on purpose)'), 'internals-that-differ-kept-on-purpose');
		assert.equal(slug("`symlinks: 'within-root'` on the static scenario (2026-11-26)"), 'symlinks-within-root-on-the-static-scenario-2026-11-26');
		assert.equal(slug('Scale-out: 1 vs 2 workers'), 'scale-out-1-vs-2-workers');
		assert.equal(slug('`__proto__` and [a link](x.md)'), '__proto__-and-a-link');
		assert.deepEqual([...anchors('# A\n## B\n```\n# not a heading\n```\n## B\n')], ['a', 'b', 'b-1']);
	});

	test('link targets, not code', () => {
		assert.deepEqual(linkTargets('[a](x.md) ![b](y.svg "title") `[c](not-a-link)`\n```\n[d](no.md)\n```\n[e](z.md#part)'), ['x.md', 'y.svg', 'z.md#part']);
	});
});

describe('links in README.md and docs/', () => {
	const files = markdownFiles(ROOT);

	test('every relative link reaches a file or folder, and its #fragment a heading there', () => {
		const broken: string[] = [];
		let checked = 0;
		const anchorCache = new Map<string, Set<string>>();
		const anchorsOf = (file: string): Set<string> => {
			let set = anchorCache.get(file);
			if (set === undefined) {
				set = anchors(read(file));
				anchorCache.set(file, set);
			}
			return set;
		};
		for (const file of files) {
			for (const target of linkTargets(read(file))) {
				if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
				checked++;
				const hash = target.indexOf('#');
				const filePart = hash === -1 ? target : target.slice(0, hash);
				const fragment = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
				const resolved = filePart === '' ? file : path.resolve(path.dirname(file), decodeURIComponent(filePart));
				if (!fs.existsSync(resolved)) {
					broken.push(`${rel(file)}: ${target} (no such file)`);
					continue;
				}
				if (fragment === null) continue;
				if (!resolved.endsWith('.md')) broken.push(`${rel(file)}: ${target} (a fragment of a file that is not markdown)`);
				else if (!anchorsOf(resolved).has(fragment)) broken.push(`${rel(file)}: ${target} (no heading "${fragment}" in ${rel(resolved)})`);
			}
		}
		assert.ok(checked > 30, `only ${checked} links checked`);
		assert.deepEqual(broken, []);
	});

	test('every repository path named in a code span exists', () => {
		const missing: string[] = [];
		let checked = 0;
		for (const file of files) {
			for (const line of proseLines(read(file))) {
				for (const match of line.matchAll(/`((?:src|test|bench|scripts|examples|docs|\.ci)\/[\w./-]+)`/g)) {
					checked++;
					if (!fs.existsSync(path.join(ROOT, match[1]))) missing.push(`${rel(file)}: ${match[1]}`);
				}
			}
		}
		assert.ok(checked > 50, `only ${checked} paths checked`);
		assert.deepEqual(missing, []);
	});
});

describe("README's list of differences and docs/differences.md", () => {
	const readme = read(path.join(ROOT, 'README.md'));
	const differences = read(path.join(ROOT, 'docs', 'differences.md'));

	/** The bullets after README's "What changes" line, each with its continuation lines joined. */
	function readmeBullets(): string[] {
		const lines = readme.split('\n');
		let i = lines.findIndex((line) => line.startsWith('What changes'));
		assert.notEqual(i, -1, 'README has a "What changes" paragraph');
		while (i < lines.length && !lines[i].startsWith('- ')) i++;
		const bullets: string[] = [];
		for (; i < lines.length && lines[i].trim() !== ''; i++) {
			if (lines[i].startsWith('- ')) bullets.push(lines[i].slice(2));
			else if (/^\s+\S/.test(lines[i]) && bullets.length > 0) bullets[bullets.length - 1] += ` ${lines[i].trim()}`;
			else break;
		}
		return bullets;
	}

	/** The sections (`## …`) of docs/differences.md, in order, as anchors. */
	function sections(): { anchor: string; body: string[] }[] {
		const result: { anchor: string; body: string[] }[] = [];
		for (const line of proseLines(differences)) {
			const heading = /^##\s+(.*)$/.exec(line);
			if (heading) result.push({ anchor: slug(heading[1]), body: [] });
			else if (result.length > 0) result[result.length - 1].body.push(line);
		}
		return result;
	}

	const linkedSections = (bullet: string): string[] =>
		linkTargets(bullet)
			.filter((target) => target.startsWith('docs/differences.md#'))
			.map((target) => target.slice('docs/differences.md#'.length));

	test('each bullet links to a section of docs/differences.md that exists', () => {
		const bullets = readmeBullets();
		assert.ok(bullets.length >= sections().length, `${bullets.length} bullets`);
		const known = new Set(sections().map((section) => section.anchor));
		for (const bullet of bullets) {
			const linked = linkedSections(bullet);
			assert.ok(linked.length > 0, `a README bullet without a link to its section of docs/differences.md: "${bullet}"`);
			for (const anchor of linked) assert.ok(known.has(anchor), `README links to docs/differences.md#${anchor}, which is not a section there`);
		}
	});

	test('every section of docs/differences.md has a bullet in README', () => {
		const linked = new Set(readmeBullets().flatMap(linkedSections));
		const missing = sections()
			.map((section) => section.anchor)
			.filter((anchor) => !linked.has(anchor));
		assert.deepEqual(missing, [], 'sections of docs/differences.md that no README bullet links to');
	});

	test('each row of "What you may notice" has its own README bullet', () => {
		const notice = sections().find((section) => section.anchor === 'what-you-may-notice');
		assert.ok(notice, 'docs/differences.md has a "What you may notice" section');
		const rows = notice.body.filter((line) => line.startsWith('|'));
		// The table's header and its separator line are not differences.
		const differencesRows = rows.slice(2);
		assert.ok(differencesRows.length > 0);
		const bullets = readmeBullets().filter((bullet) => linkedSections(bullet).includes('what-you-may-notice'));
		assert.equal(
			bullets.length,
			differencesRows.length,
			`README has ${bullets.length} bullets for the ${differencesRows.length} rows of "What you may notice":\n${differencesRows.join('\n')}`,
		);
	});
});

describe('docs/dependencies.md and package.json', () => {
	const pkg = JSON.parse(read(path.join(ROOT, 'package.json'))) as {
		dependencies: Record<string, string>;
		peerDependencies?: Record<string, string>;
		velox: { line5Dependencies: Record<string, string> };
	};
	const page = read(path.join(ROOT, 'docs', 'dependencies.md'));

	test("the table lists exactly the runtime dependencies, Velox 5's own included", () => {
		const lines = proseLines(page);
		const header = lines.findIndex((line) => /^\|\s*package\s*\|/.test(line));
		assert.notEqual(header, -1, 'docs/dependencies.md has a "| package | why |" table');
		const listed: string[] = [];
		for (let i = header + 2; i < lines.length && lines[i].startsWith('|'); i++) listed.push(lines[i].split('|')[1].trim());
		// And the module `router`, Velox's own package that npm run pack:5 bundles (packages/router).
		const line5 = { ...pkg.velox.line5Dependencies, router: 'packages/router' };
		assert.deepEqual([...listed].sort(), Object.keys({ ...pkg.dependencies, ...line5 }).sort());
		for (const name of Object.keys(line5)) {
			const row = lines.find((line) => line.startsWith(`| ${name} |`) || line.startsWith(`| \`${name}\` |`));
			assert.match(row ?? '', /Velox 5/, `docs/dependencies.md says ${name} is Velox 5's only`);
		}
	});

	test('each peer dependency is named with its range', () => {
		for (const [name, range] of Object.entries(pkg.peerDependencies ?? {})) {
			assert.ok(page.includes(`\`${name}\` (\`${range}\`)`), `docs/dependencies.md names the peer dependency ${name} (${range})`);
		}
	});
});
