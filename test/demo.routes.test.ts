/**
 * The demo app (`npm start`, examples/demo) through supertest: pages, the form and its validation,
 * the flash message, the signed cookie, the JSON API, static files and the 404 page.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import cookieSignature from 'cookie-signature';
import request from 'supertest';
import { createDemoApp } from './demo.helpers';
import { compat } from './helpers/compat';

const SECRET = 'demo test secret';

function cookieNamed(res: request.Response, name: string): string | undefined {
	const cookies = res.headers['set-cookie'] as unknown as string[] | undefined;
	return (cookies ?? []).find((cookie) => cookie.startsWith(name + '='));
}

describe('demo app: pages', () => {
	test('the home page renders through the layout and its partials, with an empty list', async () => {
		const res = await request(createDemoApp()).get('/').expect(200);
		assert.match(res.headers['content-type'], /^text\/html/);
		assert.match(res.text, /<title>Notes · Velox demo<\/title>/);
		assert.match(res.text, /<header>[\s\S]*Velox notes[\s\S]*<\/header>/);
		assert.match(res.text, /No notes yet/);
		assert.match(res.text, /<form method="post" action="\/notes"/);
		assert.match(res.text, /<link rel="stylesheet" href="\/static\/app.css">/);
	});

	test('a valid form post adds the note, redirects with 303 and the next page shows the flash once', async () => {
		const agent = request.agent(createDemoApp({ secret: SECRET }));
		const post = await agent.post('/notes').type('form').send({ title: 'First note', text: 'Hello', author: 'Ann' }).expect(303);
		assert.equal(post.headers.location, '/');
		const home = await agent.get('/').expect(200);
		assert.match(home.text, /<p class="flash flash-success" role="status">Note “First note” added.<\/p>/);
		assert.match(home.text, /<a href="\/notes\/1">First note<\/a>/);
		const again = await agent.get('/').expect(200);
		assert.doesNotMatch(again.text, /class="flash/);
		assert.match(again.text, /First note/);
	});

	test('an invalid post answers 422 with the messages and the values back in the form', async () => {
		const app = createDemoApp();
		const res = await request(app)
			.post('/notes')
			.type('form')
			.send({ title: '   ', text: 'x'.repeat(501), author: 'Bob' })
			.expect(422);
		assert.match(res.text, /Please correct the fields below/);
		assert.match(res.text, /<span class="field-error" id="title-error">A title is required.<\/span>/);
		assert.match(res.text, /<span class="field-error" id="text-error">The text is at most 500 characters.<\/span>/);
		assert.match(res.text, /<input name="author" value="Bob"/);
		assert.equal(cookieNamed(res, 'connect.sid'), undefined, 'no session is created for a failed post');
		const list = await request(app).get('/api/notes').expect(200);
		assert.deepEqual(list.body, []);
	});

	test('the text is posted as `text`, as the form names it; a field a note does not have (`body`) is refused with 422, not dropped', async () => {
		const app = createDemoApp();
		const page = await request(app).get('/').expect(200);
		assert.match(page.text, /<label>Text\s*<textarea name="text"/);
		const agent = request.agent(app);
		await agent.post('/notes').type('form').send({ title: 'Curl', text: 'Sent as text' }).expect(303);
		const saved = await agent.get('/notes/1').expect(200);
		assert.match(saved.text, /<p>Sent as text<\/p>/);
		const refused = await request(app).post('/notes').type('form').send({ title: 'Old client', body: 'Sent as body=' }).expect(422);
		assert.match(refused.text, /Unknown field “body”: not saved/);
		assert.match(refused.text, /<input name="title" value="Old client"/);
		const api = await request(app).post('/api/notes').send({ title: 'Old client', body: 'Sent as body' }).expect(422);
		assert.deepEqual(api.body, { error: 'invalid note', fields: { body: 'A note has no field "body": its fields are title, text, author.' } });
		const list = await request(app).get('/api/notes').expect(200);
		assert.deepEqual(
			list.body.map((note: { title: string; text: string }) => [note.title, note.text]),
			[['Curl', 'Sent as text']],
		);
	});

	test('user input is escaped in the pages', async () => {
		const agent = request.agent(createDemoApp());
		await agent.post('/notes').type('form').send({ title: '<script>alert(1)</script>' }).expect(303);
		const home = await agent.get('/').expect(200);
		assert.doesNotMatch(home.text, /<script>alert/);
		assert.match(home.text, /&lt;script&gt;alert\(1\)&lt;\/script&gt;/);
	});

	test('the author is remembered in a signed cookie; a tampered cookie is ignored', async () => {
		const app = createDemoApp({ secret: SECRET });
		const post = await request(app).post('/notes').type('form').send({ title: 'Signed', author: 'Carol' }).expect(303);
		const cookie = cookieNamed(post, 'author');
		assert.ok(cookie, 'author cookie set');
		assert.match(cookie, /HttpOnly/);
		assert.match(cookie, /SameSite=Lax/);
		const value = decodeURIComponent(cookie.split(';')[0].slice('author='.length));
		assert.equal(cookieSignature.unsign(value.slice(2), SECRET), 'Carol');
		const remembered = await request(app).get('/').set('Cookie', cookie.split(';')[0]).expect(200);
		assert.match(remembered.text, /<input name="author" value="Carol"/);
		const forged = 'author=' + encodeURIComponent('s:Mallory.' + value.split('.')[1]);
		const ignored = await request(app).get('/').set('Cookie', forged).expect(200);
		assert.match(ignored.text, /<input name="author" value=""/);
	});

	test('a note has its own page; an unknown one is the 404 page', async () => {
		const agent = request.agent(createDemoApp());
		await agent.post('/notes').type('form').send({ title: 'Paged', text: 'Body text' }).expect(303);
		const page = await agent.get('/notes/1').expect(200);
		assert.match(page.text, /<h1>Paged<\/h1>/);
		assert.match(page.text, /<p>Body text<\/p>/);
		const missing = await agent.get('/notes/2').expect(404);
		assert.match(missing.text, /<h1>Not found<\/h1>/);
	});

	test('an unknown path is the 404 page in the layout, with the path escaped', async () => {
		const res = await request(createDemoApp()).get("/nothing/a&b'c").expect(404);
		assert.match(res.headers['content-type'], /^text\/html/);
		assert.match(res.text, /<title>Not found · Velox demo<\/title>/);
		assert.match(res.text, /<code>\/nothing\/a&amp;b&#x27;c<\/code>/);
	});

	test('the health route answers without a session', async () => {
		const res = await request(createDemoApp()).get('/healthz').expect(200, 'ok');
		assert.equal(res.headers['set-cookie'], undefined);
	});
});

describe('demo app: static files', () => {
	test('CSS and JS are served with a week of caching and validators, and revalidate with 304', async () => {
		const app = createDemoApp();
		for (const [file, type] of [
			['/static/app.css', /^text\/css/],
			['/static/app.js', /javascript/],
		] as const) {
			const res = await request(app).get(file).expect(200);
			assert.match(res.headers['content-type'], type);
			assert.equal(res.headers['cache-control'], 'public, max-age=604800');
			assert.ok(res.headers.etag);
			assert.ok(res.headers['last-modified']);
			assert.equal(res.headers['set-cookie'], undefined, 'static files come before the session');
			await request(app).get(file).set('If-None-Match', res.headers.etag).expect(304);
		}
	});

	test('a missing static file falls through to the 404 page', async () => {
		await request(createDemoApp())
			.get('/static/missing.css')
			.expect(404, /Not found/);
	});
});

describe('demo app: JSON API', () => {
	test('the API reads and writes the same notes as the pages', async () => {
		const app = createDemoApp();
		await request(app).post('/notes').type('form').send({ title: 'From the form' }).expect(303);
		const created = await request(app).post('/api/notes').send({ title: 'From the API', text: 'json' }).expect(201);
		assert.equal(created.headers.location, '/api/notes/2');
		assert.equal(created.body.id, 2);
		assert.equal(created.body.title, 'From the API');
		assert.equal(created.body.text, 'json');
		const list = await request(app).get('/api/notes').expect(200);
		assert.deepEqual(
			list.body.map((note: { title: string }) => note.title),
			['From the API', 'From the form'],
		);
		const one = await request(app).get('/api/notes/1').expect(200);
		assert.equal(one.body.title, 'From the form');
		const home = await request(app).get('/').expect(200);
		assert.match(home.text, /From the API/);
	});

	test('an invalid note is a 422 with the field messages', async () => {
		const res = await request(createDemoApp())
			.post('/api/notes')
			.send({ title: 'x'.repeat(81) })
			.expect(422);
		assert.deepEqual(res.body, { error: 'invalid note', fields: { title: 'The title is at most 80 characters.' } });
	});

	test('errors from async handlers and the body parser reach the JSON error handler', async () => {
		const app = createDemoApp();
		const missing = await request(app).get('/api/notes/42').expect(404);
		assert.deepEqual(missing.body, { error: 'no note 42' });
		const bad = await request(app).post('/api/notes').set('Content-Type', 'application/json').send('{bad').expect(400);
		assert.match(bad.headers['content-type'], /^application\/json/);
		assert.equal(typeof bad.body.error, 'string');
		const big = await request(app)
			.post('/api/notes')
			.send({ title: 'x', text: 'y'.repeat(5000) })
			.expect(413);
		assert.equal(big.body.error, 'request entity too large');
		const unknown = await request(app).get('/api/nothing').expect(404);
		assert.deepEqual(unknown.body, { error: 'no such API route' });
	});
});

describe('demo app: the same app on express@4', () => {
	// Random or clock-derived: session ids, cookie expiry dates, note timestamps (and so the ETag of
	// the pages and JSON that show them).
	const SCRUB: [RegExp, string][] = [
		[/connect\.sid=s%3A[\w-]+\.[\w%+/-]+/g, 'connect.sid=<signed sid>'],
		[/Expires=[^;]+/g, 'Expires=<date>'],
		[/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/g, '<iso date>'],
		[/\w{3}, \d\d \w{3} \d{4} \d\d:\d\d:\d\d GMT/g, '<utc date>'],
	];

	test('every page, form post, API call and static file answers as on express@4, unchanged app', async () => {
		const { velox } = await compat(
			(framework) => createDemoApp({ framework, secret: SECRET }),
			async (agent) => [
				await agent.get('/'),
				await agent.post('/notes').type('form').send({ title: '', text: 'x', author: 'Eve' }),
				await agent.post('/notes').type('form').send({ title: 'Same on both', text: 'text', author: 'Eve' }),
				await agent.get('/'),
				await agent.get('/'),
				await agent.get('/notes/1'),
				await agent.get('/notes/7'),
				await agent.get('/nowhere'),
				await agent.get('/static/app.css'),
				await agent.get('/static/app.js'),
				await agent.get('/api/notes'),
				await agent.post('/api/notes').send({ title: 'From JSON' }),
				await agent.post('/api/notes').send({ title: 'x'.repeat(81) }),
				await agent.post('/api/notes').set('Content-Type', 'application/json').send('{bad'),
				await agent.get('/api/notes/2'),
				await agent.get('/api/nothing'),
				await agent.get('/healthz'),
			],
			{ scrub: SCRUB, ignoreHeaders: ['etag'] },
		);
		assert.deepEqual(
			velox.map((exchange) => exchange.status),
			[200, 422, 303, 200, 200, 200, 404, 404, 200, 200, 200, 201, 422, 400, 200, 404, 200],
		);
	});

	test('where they differ on purpose: a rejected promise (an async handler that throws) reaches the error handler on Velox only', async () => {
		// On express@4 the rejection is unhandled: node exits the process by default (or, with an
		// unhandledRejection handler, the request is never answered). See docs/differences.md.
		const res = await request(createDemoApp()).get('/api/notes/99').expect(404);
		assert.deepEqual(res.body, { error: 'no note 99' });
	});
});
