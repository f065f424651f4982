/**
 * examples/cluster with a real redis-server: two node:cluster workers behind one port, sessions
 * in Redis (express-session + connect-redis), a rate limit in Redis (express-rate-limit +
 * rate-limit-redis). Skipped with a message when redis-server is not installed.
 */
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { CLUSTER_DIR, freePort, get, redisMissing, start, startRedis, stop, waitForOutput } from './cluster.helpers';

const SKIP = redisMissing();
const RATE_LIMIT = 6;

interface SessionReply {
	pid: number;
	views: number;
	firstPid: number;
}

describe('cluster example (node:cluster, Redis-backed state)', { skip: SKIP }, () => {
	let redis: { child: ChildProcess; url: string };
	let primary: { child: ChildProcess; output: { text: string } };
	let port = 0;

	before(async () => {
		redis = await startRedis();
		port = await freePort();
		primary = start(process.execPath, [path.join(CLUSTER_DIR, 'cluster.js')], {
			PORT: String(port),
			REDIS_URL: redis.url,
			WORKERS: '2',
			RATE_LIMIT: String(RATE_LIMIT),
			RATE_WINDOW_MS: '600000',
			SHUTDOWN_DEADLINE_MS: '3000',
			SESSION_SECRET: 'cluster test secret',
		});
		await waitForOutput(primary.child, primary.output, /worker \d+ ready/, 2);
	});

	after(async () => {
		if (primary) await stop(primary.child);
		if (redis) await stop(redis.child);
	});

	/** Workers currently listening, from the primary's log: started minus died. */
	function livePids(): number[] {
		const ready = [...primary.output.text.matchAll(/worker (\d+) ready/g)].map((m) => Number(m[1]));
		const died = new Set([...primary.output.text.matchAll(/worker (\d+) died/g)].map((m) => Number(m[1])));
		return ready.filter((pid) => !died.has(pid));
	}

	/** GET /session with the cookie until a worker in `wanted` answers; every answer is returned. */
	async function sessionUntil(cookie: string, wanted: (pid: number) => boolean): Promise<SessionReply[]> {
		const replies: SessionReply[] = [];
		for (let i = 0; i < 20; i++) {
			const res = await get(port, '/session', cookie);
			assert.equal(res.status, 200, res.body);
			const reply = JSON.parse(res.body) as SessionReply;
			replies.push(reply);
			if (wanted(reply.pid)) return replies;
		}
		assert.fail(`no answer from the wanted worker in 20 requests: ${JSON.stringify(replies)}`);
	}

	let cookie = '';
	let creator = 0;

	test('two workers answer on one port, both ready', async () => {
		assert.equal(livePids().length, 2);
		const pids = new Set<number>();
		for (let i = 0; i < 6 && pids.size < 2; i++) pids.add(Number((await get(port, '/')).body.replace('Hello from worker ', '')));
		assert.deepEqual([...pids].sort(), livePids().sort());
		const ready = await get(port, '/readyz');
		assert.equal(ready.status, 200);
		assert.equal(ready.body, 'ready');
	});

	test('a session created through one worker is read through another', async () => {
		const first = await get(port, '/session');
		assert.equal(first.status, 200);
		const setCookie = first.headers['set-cookie'];
		assert.ok(setCookie && setCookie.length === 1, 'a session cookie is set');
		cookie = setCookie[0].split(';')[0];
		const created = JSON.parse(first.body) as SessionReply;
		creator = created.pid;
		assert.deepEqual(created, { pid: creator, views: 1, firstPid: creator });

		const replies = await sessionUntil(cookie, (pid) => pid !== creator);
		const other = replies[replies.length - 1];
		assert.notEqual(other.pid, creator);
		assert.equal(other.firstPid, creator, 'the other worker reads the session the first one created');
		assert.equal(other.views, 1 + replies.length, 'every request counted, whichever worker answered');
	});

	test('the session survives its creator being killed; the primary restarts the worker', async () => {
		const before = await sessionUntil(cookie, () => true);
		const viewsBefore = before[before.length - 1].views;
		const readyBefore = (primary.output.text.match(/worker \d+ ready/g) ?? []).length;
		const liveBefore = livePids();
		process.kill(creator, 'SIGKILL');
		await waitForOutput(primary.child, primary.output, new RegExp(`worker ${creator} died \\(SIGKILL\\), restarting`));
		await waitForOutput(primary.child, primary.output, /worker \d+ ready/, readyBefore + 1);
		const live = livePids();
		assert.equal(live.length, 2);
		assert.ok(!live.includes(creator));
		const replacement = live.find((pid) => !liveBefore.includes(pid));
		assert.ok(replacement !== undefined, 'a new worker replaced the killed one');

		const replies = await sessionUntil(cookie, (pid) => pid === replacement);
		assert.ok(
			replies.every((reply) => reply.pid !== creator),
			'the killed worker answers nothing',
		);
		const last = replies[replies.length - 1];
		assert.equal(last.pid, replacement, 'the restarted worker answers');
		assert.equal(last.firstPid, creator, 'the session outlives the worker that created it');
		assert.equal(last.views, viewsBefore + replies.length);
	});

	test('a rate limit counts across workers', async () => {
		const answers: { status: number; pid?: number; remaining?: string }[] = [];
		for (let i = 0; i < RATE_LIMIT + 2; i++) {
			const res = await get(port, '/limited');
			answers.push({
				status: res.status,
				pid: res.status === 200 ? (JSON.parse(res.body) as { pid: number }).pid : undefined,
				remaining: String(res.headers.ratelimit),
			});
		}
		const allowed = answers.filter((answer) => answer.status === 200);
		assert.equal(allowed.length, RATE_LIMIT, JSON.stringify(answers));
		assert.ok(
			answers.slice(RATE_LIMIT).every((answer) => answer.status === 429),
			JSON.stringify(answers),
		);
		assert.equal(new Set(allowed.map((answer) => answer.pid)).size, 2, 'both workers served allowed requests, so neither could count alone');
		// The remaining count falls by one per request, whichever worker answered.
		assert.deepEqual(
			allowed.map((answer) => /r=(\d+)/.exec(answer.remaining!)![1]),
			Array.from({ length: RATE_LIMIT }, (_, i) => String(RATE_LIMIT - 1 - i)),
		);
	});

	test('SIGTERM: workers finish the request in flight, close, and the primary exits 0', async () => {
		const slow = get(port, '/slow?ms=800');
		await new Promise((resolve) => setTimeout(resolve, 200));
		const exited = new Promise<number | null>((resolve) => primary.child.once('exit', (code) => resolve(code)));
		primary.child.kill('SIGTERM');
		const res = await slow;
		assert.equal(res.status, 200);
		assert.equal(JSON.parse(res.body).waited, 800);
		assert.equal(await exited, 0);
		assert.match(primary.output.text, /all workers closed/);
		assert.equal((primary.output.text.match(/worker \d+: closed\n/g) ?? []).length, 2, primary.output.text);
	});
});

describe('cluster example: PM2 ecosystem file', () => {
	test('runs worker.js in cluster mode on every core, waits for ready, and outwaits the shutdown deadline', () => {
		const config = require(path.join(CLUSTER_DIR, 'ecosystem.config.js')) as {
			apps: { script: string; cwd: string; exec_mode: string; instances: string; wait_ready: boolean; kill_timeout: number; env: Record<string, unknown> }[];
		};
		const [app] = config.apps;
		assert.equal(path.resolve(app.cwd, app.script), path.join(CLUSTER_DIR, 'worker.js'));
		assert.equal(app.exec_mode, 'cluster');
		assert.equal(app.instances, 'max');
		assert.equal(app.wait_ready, true);
		assert.ok(app.kill_timeout > Number(app.env.SHUTDOWN_DEADLINE_MS));
	});
});
