// The cold-start probe: `node bench/apps/coldstart-app.js <family> <module> <api|web> <assets dir>`
// builds one of two typical apps, listens on an ephemeral port and writes one line to stdout, as
// bench/apps/startup-hello.js does: the CPU milliseconds this process used until listening, and
// the port. bench/coldstart.js then sends it the app's ten requests (bench/lib/coldstart.js).
//
// - `api`: a JSON API. Nested query strings (`filter[status]=open`, read as `req.query.filter`),
//   JSON bodies, 201/204/404/400 answers.
// - `web`: a server-rendered site with the common middleware: cookie-parser (signed cookies),
//   urlencoded({ extended: true }), json(), static files.
//
// The Express family (Velox, express@4) runs the same code. fastify gets the same app in its own
// idiom: qs as its query-string parser (its documented way to nested queries) and as the
// form-body parser, the cookie and cookie-signature packages in a hook (what cookie-parser does),
// serve-static for the assets (no fastify plugin is installed here).

const [family, modulePath, kind, assets] = process.argv.slice(2);
const SECRET = 'coldstart secret';

function ready(server) {
	const usage = process.cpuUsage();
	process.stdout.write(`${(usage.user + usage.system) / 1000} ${server.address().port}\n`);
}

const items = new Map([
	[17, { id: 17, name: 'Write the report', status: 'open', tags: ['docs'] }],
	[18, { id: 18, name: 'Review the change', status: 'done', tags: ['code', 'review'] }],
]);

function listItems(filter, page) {
	const f = filter && typeof filter === 'object' ? filter : {};
	const p = page && typeof page === 'object' ? page : {};
	const size = Math.min(Number(p.size) || 20, 100);
	const all = [...items.values()].filter((item) => (f.status === undefined || item.status === f.status) && (f.tag === undefined || item.tags.includes(f.tag)));
	return { data: all.slice(0, size), page: { size, number: Number(p.number) || 1 }, filter: f };
}

function page(title, body) {
	return `<!doctype html><html><head><title>${title}</title><link rel="stylesheet" href="/css/site.css"><script src="/js/app.js" defer></script></head><body><h1>${title}</h1>${body}</body></html>`;
}

const LOGIN_FORM = '<form method="post" action="/login"><input name="user[name]"><input name="user[password]" type="password"><button>Sign in</button></form>';

if (family === 'fastify') {
	const qs = require('qs');
	const fastify = require(modulePath)({ logger: false, querystringParser: (text) => qs.parse(text) });
	if (kind === 'api') {
		fastify.get('/api/items', async (req) => listItems(req.query.filter, req.query.page));
		fastify.get('/api/items/:id', async (req, reply) => {
			const item = items.get(Number(req.params.id));
			if (!item) return reply.code(404).send({ error: 'not found' });
			return item;
		});
		fastify.get('/api/items/:id/comments', async (req) => ({ item: Number(req.params.id), data: [], page: req.query.page }));
		fastify.post('/api/items', async (req, reply) => reply.code(201).send({ id: 19, ...req.body }));
		fastify.post('/api/items/:id/comments', async (req, reply) => reply.code(201).send({ item: Number(req.params.id), comment: req.body }));
		fastify.patch('/api/items/:id', async (req) => ({ ...items.get(Number(req.params.id)), ...req.body }));
		fastify.delete('/api/items/:id', async (_req, reply) => reply.code(204).send());
	} else {
		const cookie = require('cookie');
		const signature = require('cookie-signature');
		const serveStatic = require('serve-static')(assets);
		fastify.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, qs.parse(body)));
		fastify.decorateRequest('cookies', null);
		fastify.decorateRequest('signedCookies', null);
		fastify.addHook('onRequest', async (req) => {
			const all = req.headers.cookie ? cookie.parse(req.headers.cookie) : {};
			const signed = {};
			for (const [name, value] of Object.entries(all)) {
				if (!value.startsWith('s:')) continue;
				signed[name] = signature.unsign(value.slice(2), SECRET);
				delete all[name];
			}
			req.cookies = all;
			req.signedCookies = signed;
		});
		const setSigned = (reply, name, value) =>
			reply.header('set-cookie', cookie.serialize(name, `s:${signature.sign(value, SECRET)}`, { path: '/', httpOnly: true }));
		const html = (reply, text) => reply.type('text/html; charset=utf-8').send(text);
		const assetsRoute = (req, reply) => {
			reply.hijack();
			serveStatic(req.raw, reply.raw, () => {
				reply.raw.statusCode = 404;
				reply.raw.end('Not Found');
			});
		};
		fastify.get('/css/*', assetsRoute);
		fastify.get('/js/*', assetsRoute);
		fastify.get('/', async (req, reply) => html(reply, page('Home', `<p>Theme: ${req.cookies.theme || 'light'}</p>`)));
		fastify.get('/login', async (_req, reply) => html(reply, page('Sign in', LOGIN_FORM)));
		fastify.post('/login', async (req, reply) => {
			setSigned(reply, 'session', String(req.body.user.name));
			return reply.redirect('/account', 303);
		});
		fastify.get('/account', async (req, reply) => html(reply, page('Account', `<p>Signed in as ${req.signedCookies.session}</p>`)));
		fastify.post('/account/settings', async (req, reply) => {
			reply.header('set-cookie', cookie.serialize('theme', String(req.body.prefs.theme), { path: '/' }));
			return reply.redirect('/account', 303);
		});
		fastify.post('/api/notes', async (req, reply) => reply.code(201).send({ saved: true, note: req.body }));
		fastify.get('/search', async (req, reply) => html(reply, page('Search', `<p>Results for ${req.query.q}, page ${Number(req.query.page) || 1}</p>`)));
		fastify.get('/logout', async (_req, reply) => {
			reply.header('set-cookie', cookie.serialize('session', '', { path: '/', expires: new Date(1) }));
			return reply.redirect('/', 303);
		});
	}
	fastify.listen({ port: 0, host: '127.0.0.1' }).then(() => ready(fastify.server));
} else {
	const express = require(modulePath);
	const app = express();
	if (kind === 'api') {
		app.use(express.json());
		app.get('/api/items', (req, res) => res.json(listItems(req.query.filter, req.query.page)));
		app.get('/api/items/:id', (req, res) => {
			const item = items.get(Number(req.params.id));
			if (!item) return res.status(404).json({ error: 'not found' });
			res.json(item);
		});
		app.get('/api/items/:id/comments', (req, res) => res.json({ item: Number(req.params.id), data: [], page: req.query.page }));
		app.post('/api/items', (req, res) => res.status(201).json({ id: 19, ...req.body }));
		app.post('/api/items/:id/comments', (req, res) => res.status(201).json({ item: Number(req.params.id), comment: req.body }));
		app.patch('/api/items/:id', (req, res) => res.json({ ...items.get(Number(req.params.id)), ...req.body }));
		app.delete('/api/items/:id', (_req, res) => res.sendStatus(204));
		app.use((err, _req, res, _next) => res.status(err.status || 500).json({ error: err.message }));
	} else {
		const cookieParser = require('cookie-parser');
		// express-generator's order (its logger aside), with nested forms.
		app.use(express.json());
		app.use(express.urlencoded({ extended: true }));
		app.use(cookieParser(SECRET));
		app.use(express.static(assets));
		const html = (res, text) => res.type('html').send(text);
		app.get('/', (req, res) => html(res, page('Home', `<p>Theme: ${req.cookies.theme || 'light'}</p>`)));
		app.get('/login', (_req, res) => html(res, page('Sign in', LOGIN_FORM)));
		app.post('/login', (req, res) => {
			res.cookie('session', String(req.body.user.name), { signed: true, httpOnly: true });
			res.redirect(303, '/account');
		});
		app.get('/account', (req, res) => html(res, page('Account', `<p>Signed in as ${req.signedCookies.session}</p>`)));
		app.post('/account/settings', (req, res) => {
			res.cookie('theme', String(req.body.prefs.theme));
			res.redirect(303, '/account');
		});
		app.post('/api/notes', (req, res) => res.status(201).json({ saved: true, note: req.body }));
		app.get('/search', (req, res) => html(res, page('Search', `<p>Results for ${req.query.q}, page ${Number(req.query.page) || 1}</p>`)));
		app.get('/logout', (_req, res) => {
			res.clearCookie('session');
			res.redirect(303, '/');
		});
	}
	const server = app.listen(0, '127.0.0.1', () => ready(server));
}
