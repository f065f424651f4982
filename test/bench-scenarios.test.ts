/**
 * The benchmark compares equal work only if every framework's app answers
 * the measured requests as express@4 does. The suite's pre-check fetches one
 * request per scenario; the scenarios whose path varies per request (`rest`,
 * `github`) are checked here over every path they cycle through, for raw
 * node, fastify and Velox against express@4 (status and body).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import path from 'node:path';
import { describe, test } from 'node:test';
import { send } from './helpers/client';
import { listen, type Running } from './helpers/server';

interface BenchRequest {
	method: string;
	path: string;
	paths?: string[];
}
interface BenchGroup {
	app: string;
	id: string;
	measure: { name: string; request: BenchRequest }[];
}
type Created = http.RequestListener | http.Server;
interface AppFamily {
	create(modulePath: string, group: BenchGroup, fixtures: { dir: string }): Promise<Created>;
}

const root = path.join(__dirname, '..', '..');
const { allGroups } = require(path.join(root, 'bench', 'lib', 'scenarios.js')) as { allGroups(options: object): BenchGroup[] };
const family = (name: string): AppFamily => require(path.join(root, 'bench', 'apps', `${name}.js`)) as AppFamily;
const veloxModule = require.resolve('../src/express');

const FRAMEWORKS: Record<string, [string, string]> = {
	express4: ['express', require.resolve('express')],
	node: ['node', 'node:http'],
	fastify: ['fastify', require.resolve('fastify')],
	velox: ['express', veloxModule],
};

async function get(port: number, requestPath: string, agent: http.Agent): Promise<{ status: number; body: string }> {
	const { status, body } = await send(port, { path: requestPath }, { agent, timeoutMs: 0 });
	return { status, body };
}

/** Every path a varying measurement cycles through, with `{n}` at two values. */
function pathsOf(request: BenchRequest): string[] {
	if (!request.paths) return [request.path];
	return request.paths.flatMap((template) => [template.replace(/\{n\}/g, '1'), template.replace(/\{n\}/g, '734')]);
}

/** The GitHub table at N routes: the route each probe must reach (bench/lib/github-scale.js). */
const { githubScaleTargets } = require(path.join(root, 'bench', 'lib', 'github-scale.js')) as {
	githubScaleTargets(count: number): { variant: string; path: string; route: number }[];
};

describe('benchmark scenarios answer as express@4', () => {
	const groups = allGroups({});
	const checked = [
		...['rest', 'github'].map((name) => groups.find((g) => g.app === name)),
		// Every size of the GitHub-table scaling: four fixed probes each.
		...groups.filter((g) => g.app === 'ghscale'),
	];
	for (const group of checked) {
		const groupName = group?.id ?? '?';
		test(`${groupName}: every framework, every path the load generator asks for`, async () => {
			assert.ok(group);
			const servers: Record<string, Running> = {};
			// A connection per request: a loaded machine can leave a kept-alive socket idle past the
			// server's keep-alive timeout between two requests to it (seen as ECONNRESET at 5,000 routes).
			const agent = new http.Agent({ keepAlive: false, maxSockets: 1 });
			try {
				for (const [name, [familyName, modulePath]] of Object.entries(FRAMEWORKS)) {
					servers[name] = await listen(await family(familyName).create(modulePath, group, { dir: __dirname }));
				}
				let compared = 0;
				for (const measure of group.measure) {
					for (const requestPath of pathsOf(measure.request)) {
						const answers: Record<string, { status: number; body: string }> = {};
						for (const [name, server] of Object.entries(servers)) {
							answers[name] = await get(server.port, requestPath, agent);
						}
						assert.equal(answers.express4.status, 200, `${requestPath}: express@4 answers ${answers.express4.status}`);
						if (group.app === 'ghscale') {
							// The probe reaches the route it was chosen for (first match in registration order).
							const target: { route: number } | undefined = githubScaleTargets(Number(group.id.slice('ghscale-'.length))).find((t) =>
								measure.name.endsWith(`-${t.variant}`),
							);
							assert.equal((JSON.parse(answers.express4.body) as { route: number }).route, target?.route, measure.name);
						}
						for (const name of ['node', 'fastify', 'velox']) assert.deepEqual(answers[name], answers.express4, `${name} on ${requestPath}`);
						compared++;
					}
				}
				assert.ok(compared >= (groupName === 'github' ? 200 : group.app === 'ghscale' ? 4 : 20), `only ${compared} paths compared`);
			} finally {
				agent.destroy();
				for (const server of Object.values(servers)) await server.close();
			}
		});
	}
});
