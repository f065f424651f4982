// The demo application: server-rendered pages (hbs: a layout and partials), a form that posts and
// validates, sessions with a flash message, a signed cookie, a JSON API over the same notes, static
// files with caching headers and a 404 page. `createApp()` builds it; server.js listens.
const fs = require('node:fs');
const path = require('node:path');
const cookieParser = require('cookie-parser');
const session = require('express-session');
const hbs = require('hbs');
const { NoteStore, validateNote } = require('./lib/store');

const VIEWS = path.join(__dirname, 'views');

/** A Handlebars instance of its own, with every file in views/partials registered by its name. */
function createEngine() {
	const engine = hbs.create();
	const partials = path.join(VIEWS, 'partials');
	for (const file of fs.readdirSync(partials)) {
		if (file.endsWith('.hbs')) engine.registerPartial(path.basename(file, '.hbs'), fs.readFileSync(path.join(partials, file), 'utf8'));
	}
	engine.registerHelper('date', (iso) => new Date(iso).toUTCString());
	return engine;
}

/** An error with an HTTP status, for the error handlers. */
function httpError(status, message) {
	return Object.assign(new Error(message), { status });
}

/**
 * @param {object} [options]
 * @param {NoteStore} [options.store] where the notes live (in memory by default)
 * @param {import('express-session').Store} [options.sessionStore] express-session's MemoryStore by default
 * @param {string} [options.secret] signs the session and the `author` cookie
 * @param {Function} [options.framework] Velox by default; the tests also run this app, unchanged, on express@4
 */
function createApp(options = {}) {
	const velox = options.framework || require('../..');
	const store = options.store || new NoteStore();
	const secret = options.secret || process.env.SESSION_SECRET || 'velox demo: set SESSION_SECRET';
	const app = velox();

	app.engine('hbs', createEngine().__express);
	app.set('view engine', 'hbs');
	app.set('views', VIEWS);
	if (process.env.TRUST_PROXY) app.set('trust proxy', process.env.TRUST_PROXY);

	app.get('/healthz', (_req, res) => {
		res.type('text').send('ok');
	});

	// Static files: a week in browsers' caches, revalidated by ETag/Last-Modified afterwards.
	app.use('/static', velox.static(path.join(__dirname, 'public'), { maxAge: '7d' }));

	app.use(cookieParser(secret));
	app.use(
		session({
			secret,
			store: options.sessionStore || new session.MemoryStore(),
			resave: false,
			saveUninitialized: false,
			cookie: { httpOnly: true, sameSite: 'lax', maxAge: 24 * 3600 * 1000 },
		}),
	);

	// The flash message: set in the session before a redirect, shown (and removed) by the next page.
	app.use((req, res, next) => {
		res.locals.flash = req.session.flash;
		if (req.session.flash) delete req.session.flash;
		req.flash = (type, text) => {
			req.session.flash = { type, text };
		};
		next();
	});

	// Pages.
	app.get('/', async (req, res) => {
		const notes = await store.list();
		// The signed cookie remembers the last name used; a tampered cookie reads as false.
		const author = req.signedCookies.author || '';
		res.render('index', { title: 'Notes', notes, form: { author }, errors: {} });
	});

	app.post('/notes', velox.urlencoded({ extended: false, limit: '4kb' }), async (req, res) => {
		const { value, errors, unknown } = validateNote(req.body);
		if (Object.keys(errors).length > 0) {
			const notes = await store.list();
			res.status(422).render('index', { title: 'Notes', notes, form: value, errors, unknown, invalid: true });
			return;
		}
		const note = await store.add(value);
		if (value.author) res.cookie('author', value.author, { signed: true, httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 3600 * 1000 });
		else res.clearCookie('author');
		req.flash('success', `Note “${note.title}” added.`);
		res.redirect(303, '/');
	});

	app.get('/notes/:id(\\d+)', async (req, res, next) => {
		const note = await store.get(Number(req.params.id));
		if (note === null) return next();
		res.render('note', { title: note.title, note });
	});

	// The JSON API over the same notes.
	const api = velox.Router();
	api.use(velox.json({ limit: '4kb' }));
	api.get('/notes', async (_req, res) => {
		res.json(await store.list());
	});
	api.get('/notes/:id(\\d+)', async (req, res) => {
		const note = await store.get(Number(req.params.id));
		if (note === null) throw httpError(404, `no note ${req.params.id}`);
		res.json(note);
	});
	api.post('/notes', async (req, res) => {
		const { value, errors } = validateNote(req.body);
		if (Object.keys(errors).length > 0) {
			res.status(422).json({ error: 'invalid note', fields: errors });
			return;
		}
		const note = await store.add(value);
		res.status(201).location(`/api/notes/${note.id}`).json(note);
	});
	api.use((_req, _res, next) => next(httpError(404, 'no such API route')));
	// The API's error handler: JSON, with the status of the error (a bad JSON body is a 400).
	api.use((err, _req, res, _next) => {
		const status = err.status >= 400 && err.status < 600 ? err.status : 500;
		res.status(status).json({ error: status < 500 ? err.message : 'internal error' });
	});
	app.use('/api', api);

	// Anything else is a 404 page; a failure elsewhere is a 500 page.
	app.use((req, res) => {
		res.status(404).render('404', { title: 'Not found', path: req.path });
	});
	app.use((err, _req, res, _next) => {
		const status = err.status >= 400 && err.status < 600 ? err.status : 500;
		if (status >= 500) console.error(err);
		res.status(status).render('error', { title: 'Error', status, message: status < 500 ? err.message : 'Something went wrong.' });
	});

	return app;
}

module.exports = { createApp };
