/**
 * The modules of src/ import each other in layers, without a circle (docs/design.md, "Layers"):
 * no module reaches itself through its imports, counting every kind of import (those that run as
 * the module loads, `require()` deferred to a first use, and type-only ones: a circle of types is
 * a circle a reader has to follow too), and the router (src/core/router/) imports nothing above
 * it: outside its folder, only the line policy (src/core/lines/) and modules that import nothing of
 * src/; the line policy itself imports only such modules.
 *
 * Read with the TypeScript compiler's parser. Package names are outside the graph, the public
 * `express-serve-static-core` declarations included (src/core/types/*.ts declares them).
 */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import ts from 'typescript';
import { packageRoot } from './helpers/package-root';

type EdgeKind = 'load' | 'deferred' | 'type';

interface Edge {
	to: string;
	kind: EdgeKind;
}

const SRC = path.join(packageRoot(), 'src');

function sourceFiles(dir: string): string[] {
	const files: string[] = [];
	for (const entry of readdirSync(dir, { withFileTypes: true })) {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) files.push(...sourceFiles(full));
		else if (entry.name.endsWith('.ts')) files.push(path.relative(SRC, full).split(path.sep).join('/'));
	}
	return files.sort();
}

/** The file of src/ a relative specifier names (`./x`, `./x/index`), or undefined. */
function resolve(files: ReadonlySet<string>, from: string, specifier: string): string | undefined {
	if (!specifier.startsWith('.')) return undefined;
	const base = path.posix.join(path.posix.dirname(from), specifier);
	return [base + '.ts', base, base + '/index.ts'].find((candidate) => files.has(candidate));
}

function isTypeOnlyImport(node: ts.ImportDeclaration): boolean {
	const clause = node.importClause;
	if (clause === undefined) return false;
	if (clause.isTypeOnly) return true;
	const bindings = clause.namedBindings;
	return (
		clause.name === undefined &&
		bindings !== undefined &&
		ts.isNamedImports(bindings) &&
		bindings.elements.length !== 0 &&
		bindings.elements.every((element) => element.isTypeOnly)
	);
}

function insideFunction(node: ts.Node): boolean {
	for (let parent = node.parent; parent !== undefined; parent = parent.parent) {
		if (ts.isFunctionLike(parent)) return true;
	}
	return false;
}

/** Every file's imports of other files of src/, with how each is made. */
function importGraph(): Map<string, Edge[]> {
	const files = sourceFiles(SRC);
	const known = new Set(files);
	const graph = new Map<string, Edge[]>();
	for (const file of files) {
		const source = ts.createSourceFile(file, readFileSync(path.join(SRC, file), 'utf8'), ts.ScriptTarget.Latest, true);
		const edges: Edge[] = [];
		const add = (specifier: string, kind: EdgeKind): void => {
			const to = resolve(known, file, specifier);
			if (to !== undefined) edges.push({ to, kind });
		};
		for (const reference of source.referencedFiles) add(reference.fileName.startsWith('.') ? reference.fileName : './' + reference.fileName, 'type');
		const visit = (node: ts.Node): void => {
			if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
				add(node.moduleSpecifier.text, isTypeOnlyImport(node) ? 'type' : 'load');
			} else if (ts.isExportDeclaration(node) && node.moduleSpecifier !== undefined && ts.isStringLiteral(node.moduleSpecifier)) {
				add(node.moduleSpecifier.text, node.isTypeOnly ? 'type' : 'load');
			} else if (
				ts.isImportEqualsDeclaration(node) &&
				ts.isExternalModuleReference(node.moduleReference) &&
				ts.isStringLiteral(node.moduleReference.expression)
			) {
				add(node.moduleReference.expression.text, node.isTypeOnly ? 'type' : 'load');
			} else if (
				ts.isCallExpression(node) &&
				ts.isIdentifier(node.expression) &&
				node.expression.text === 'require' &&
				node.arguments.length === 1 &&
				ts.isStringLiteral(node.arguments[0])
			) {
				add(node.arguments[0].text, insideFunction(node) ? 'deferred' : 'load');
			} else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
				add(node.argument.literal.text, 'type');
			}
			ts.forEachChild(node, visit);
		};
		visit(source);
		graph.set(file, edges);
	}
	return graph;
}

/** The circles of `graph`: one path `a → … → a` per strongly connected component of more than one file (or a file importing itself). */
function circles(graph: ReadonlyMap<string, readonly Edge[]>): string[] {
	// Tarjan's algorithm.
	let counter = 0;
	const index = new Map<string, number>();
	const low = new Map<string, number>();
	const stack: string[] = [];
	const onStack = new Set<string>();
	const components: string[][] = [];
	const connect = (file: string): void => {
		index.set(file, counter);
		low.set(file, counter);
		counter++;
		stack.push(file);
		onStack.add(file);
		for (const { to } of graph.get(file) ?? []) {
			if (!index.has(to)) {
				connect(to);
				low.set(file, Math.min(low.get(file)!, low.get(to)!));
			} else if (onStack.has(to)) {
				low.set(file, Math.min(low.get(file)!, index.get(to)!));
			}
		}
		if (low.get(file) !== index.get(file)) return;
		const component: string[] = [];
		let member: string;
		do {
			member = stack.pop()!;
			onStack.delete(member);
			component.push(member);
		} while (member !== file);
		const selfImport = (graph.get(file) ?? []).some((edge) => edge.to === file);
		if (component.length > 1 || selfImport) components.push(component);
	};
	for (const file of graph.keys()) if (!index.has(file)) connect(file);
	return components.map((component) => describeCircle(graph, new Set(component)));
}

/** One circle through `component`, written `a -(kind)-> b -(kind)-> … a`. */
function describeCircle(graph: ReadonlyMap<string, readonly Edge[]>, component: ReadonlySet<string>): string {
	const start = [...component].sort()[0];
	// Breadth-first from `start` back to it, inside the component: the shortest circle through it.
	const previous = new Map<string, { from: string; kind: EdgeKind }>();
	const queue = [start];
	while (queue.length !== 0) {
		const file = queue.shift()!;
		for (const { to, kind } of graph.get(file) ?? []) {
			if (!component.has(to) || previous.has(to)) continue;
			previous.set(to, { from: file, kind });
			if (to === start) queue.length = 0;
			else queue.push(to);
		}
	}
	const steps: string[] = [];
	let file = start;
	do {
		const step = previous.get(file)!;
		steps.unshift(`-(${step.kind})-> ${file}`);
		file = step.from;
	} while (file !== start);
	return `${start} ${steps.join(' ')} (${component.size} files in this circle)`;
}

describe('imports in layers', () => {
	const graph = importGraph();

	test('the graph is read: every module and its imports, of every kind', () => {
		assert.ok(graph.size > 60, 'files: ' + graph.size);
		const kinds = new Set([...graph.values()].flat().map((edge) => edge.kind));
		assert.deepEqual([...kinds].sort(), ['deferred', 'load', 'type']);
		assert.ok(
			graph.get('core/application.ts')!.some((edge) => edge.to === 'core/router/router.ts' && edge.kind === 'load'),
			'application.ts loads the router',
		);
	});

	test('the check finds a circle where there is one', () => {
		const probe = new Map<string, Edge[]>([
			['a.ts', [{ to: 'b.ts', kind: 'load' }]],
			['b.ts', [{ to: 'c.ts', kind: 'type' }]],
			['c.ts', [{ to: 'a.ts', kind: 'deferred' }]],
			['d.ts', [{ to: 'a.ts', kind: 'load' }]],
		]);
		assert.deepEqual(circles(probe), ['a.ts -(load)-> b.ts -(type)-> c.ts -(deferred)-> a.ts (3 files in this circle)']);
	});

	test('no module of src/ reaches itself through its imports', () => {
		assert.deepEqual(circles(graph), []);
	});

	test('src/core/lines/ (the line policy) imports, outside its folder, only modules that import nothing of src/', () => {
		const upward: string[] = [];
		for (const [file, edges] of graph) {
			if (!file.startsWith('core/lines/')) continue;
			for (const { to, kind } of edges) {
				if (to.startsWith('core/lines/')) continue;
				const imports = graph.get(to)!.map((edge) => edge.to);
				if (imports.length !== 0) upward.push(`${file} -(${kind})-> ${to}, which imports ${imports.join(', ')}`);
			}
		}
		assert.deepEqual(upward, []);
	});

	test('src/core/router/ imports, outside its folder, only the line policy and modules that import nothing of src/', () => {
		const upward: string[] = [];
		for (const [file, edges] of graph) {
			if (!file.startsWith('core/router/')) continue;
			for (const { to, kind } of edges) {
				if (to.startsWith('core/router/') || to.startsWith('core/lines/')) continue;
				const imports = graph.get(to)!.map((edge) => edge.to);
				if (imports.length !== 0) upward.push(`${file} -(${kind})-> ${to}, which imports ${imports.join(', ')}`);
			}
		}
		assert.deepEqual(upward, []);
	});
});
