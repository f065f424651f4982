import assert from 'node:assert/strict';
import type { IncomingMessage } from 'node:http';
import { describe, test } from 'node:test';
import morgan from 'morgan';
import type supertest from 'supertest';
import { type Agent, compat, type Framework, type Target } from './helpers/compat';

type Logs = Record<Target, string[]>;

/** A stream morgan writes to, one array of lines per target (express, Velox behind each server). */
function capture(logs: Logs, name: Target): { write(line: string): void } {
	return { write: (line: string) => logs[name].push(line) };
}

// morgan writes when the response has finished, which may be just after the client has read it.
async function linesOf(logs: Logs, name: Target, count: number): Promise<string[]> {
	for (let i = 0; i < 100 && logs[name].length < count; i++) await new Promise((resolve) => setTimeout(resolve, 5));
	return logs[name];
}

// The clock differs between the two runs, so do timings.
const scrubTime = (line: string): string =>
	line
		.replace(/\d+\.\d{3} ms/, '<ms> ms')
		.replace(/\[\d{2}\/\w{3}\/\d{4}:\d{2}:\d{2}:\d{2} \+0000\]/, '[<clf date>]')
		.replace(/ \d+\.\d{3}$/m, ' <ms>');

morgan.token('request-id', (req: IncomingMessage) => (req as IncomingMessage & { id?: string }).id);

/** Runs the requests in order against both apps and asserts both logged the same lines; resolves to Velox's. */
async function compareLogs(
	build: (framework: Framework, name: Target, logs: Logs) => ReturnType<Framework>,
	requests: (agent: Agent) => supertest.Test[],
	count: number,
): Promise<string[]> {
	const logs: Logs = { express: [], velox: [], 'velox-listen': [] };
	await compat(
		(framework, _name, target) => build(framework, target, logs),
		async (agent, _name, target) => {
			const responses: supertest.Response[] = [];
			for (const request of requests(agent)) responses.push(await request);
			await linesOf(logs, target, count);
			return responses;
		},
	);
	const velox = logs.velox.map(scrubTime);
	assert.deepEqual(velox, logs.express.map(scrubTime));
	assert.deepEqual(logs['velox-listen'].map(scrubTime), velox, 'behind app.listen');
	return velox;
}

describe('morgan on Velox, compared with express@4', () => {
	test("'tiny' logs method, original URL, status and length", async () => {
		const lines = await compareLogs(
			(framework, name, logs) => {
				const app = framework();
				app.use(morgan('tiny', { stream: capture(logs, name) }));
				const router = framework.Router();
				router.get('/users/:id', (req, res) => {
					res.end('user ' + req.params.id);
				});
				app.use('/api', router);
				return app;
			},
			(agent) => [agent.get('/api/users/42?full=1'), agent.get('/nowhere')],
			2,
		);
		// res.end leaves Content-Length to node, after morgan can read it: `-` under both frameworks.
		assert.equal(lines[0], 'GET /api/users/42?full=1 200 - - <ms> ms\n');
		assert.match(lines[1], /^GET \/nowhere 404 \d+ - <ms> ms\n$/);
	});

	test("'combined' logs remote address, date, request line, referrer and user agent", async () => {
		const lines = await compareLogs(
			(framework, name, logs) => {
				const app = framework();
				app.use(morgan('combined', { stream: capture(logs, name) }));
				app.post('/form', (_req, res) => {
					res.statusCode = 201;
					res.end('made');
				});
				return app;
			},
			(agent) => [agent.post('/form').set('Referer', 'http://from.test/page').set('User-Agent', 'compat-test/1.0')],
			1,
		);
		assert.match(lines[0], /^(::ffff:)?127\.0\.0\.1 - - \[<clf date>\] "POST \/form HTTP\/1\.1" 201 - "http:\/\/from\.test\/page" "compat-test\/1\.0"\n$/);
	});

	test('a custom token and format, mounted morgan, and skip on status', async () => {
		const lines = await compareLogs(
			(framework, name, logs) => {
				const app = framework();
				app.use((req, _res, next) => {
					(req as IncomingMessage & { id?: string }).id = String(req.headers['x-request-id'] ?? 'none');
					next();
				});
				app.use(
					'/admin',
					morgan(':request-id :method :url :status :res[content-type] :req[x-extra]', {
						stream: capture(logs, name),
						skip: (_req, res) => res.statusCode === 304,
					}),
				);
				app.get('/admin/panel', (req, res) => {
					if (req.headers['x-skip']) res.statusCode = 304;
					res.setHeader('Content-Type', 'text/plain');
					res.end('panel');
				});
				return app;
			},
			(agent) => [
				agent.get('/admin/panel?tab=2').set('X-Request-Id', 'abc-1').set('X-Extra', 'yes'),
				agent.get('/admin/panel').set('X-Skip', '1'),
				agent.get('/public'),
			],
			1,
		);
		assert.deepEqual(lines, ['abc-1 GET /admin/panel?tab=2 200 text/plain yes\n']);
	});

	test('lines for responses sent with res.send, res.json and res.sendStatus', async () => {
		const lines = await compareLogs(
			(framework, name, logs) => {
				const app = framework();
				app.use(morgan(':method :url :status :res[content-length] :res[content-type]', { stream: capture(logs, name) }));
				app.get('/send', (_req, res) => {
					res.send('sent');
				});
				app.get('/json', (_req, res) => {
					res.json({ a: 1 });
				});
				app.get('/gone', (_req, res) => {
					res.sendStatus(410);
				});
				return app;
			},
			(agent) => [agent.get('/send'), agent.get('/json'), agent.get('/gone')],
			3,
		);
		assert.deepEqual(lines, [
			'GET /send 200 4 text/html; charset=utf-8\n',
			'GET /json 200 7 application/json; charset=utf-8\n',
			'GET /gone 410 4 text/plain; charset=utf-8\n',
		]);
	});

	test(':remote-addr follows req.ip under trust proxy; :remote-user reads Basic credentials', async () => {
		const lines = await compareLogs(
			(framework, name, logs) => {
				const app = framework();
				app.set('trust proxy', 'loopback');
				app.use(morgan(':remote-addr :remote-user :method :url :status', { stream: capture(logs, name) }));
				app.get('/', (_req, res) => {
					res.end('ok');
				});
				return app;
			},
			(agent) => [agent.get('/').set('X-Forwarded-For', '203.0.113.7, 127.0.0.1').auth('tobi', 'ferret')],
			1,
		);
		assert.deepEqual(lines, ['203.0.113.7 tobi GET / 200\n']);
	});
});
