// The demo app that `npm start` serves: the Express 4 interface, running on Velox.
const path = require('node:path');
const velox = require('../../dist/index.js');

const app = velox();
const port = Number(process.env.PORT) || 3000;

app.use(velox.json());
app.use('/static', velox.static(path.join(__dirname, 'public'), { maxAge: '1h' }));

app.get('/', (_req, res) => {
	res.send(
		'<!DOCTYPE html><title>Velox demo</title><h1>Velox</h1>' +
			'<p>The Express 4 interface, faster and safer.</p>' +
			'<ul><li><a href="/hello/world">/hello/:name</a></li>' +
			'<li><a href="/api/users/42?fields=name">/api/users/:id</a></li>' +
			'<li><a href="/static/hello.txt">/static/hello.txt</a></li>' +
			'<li><a href="/boom">/boom</a> (an async handler that rejects)</li></ul>',
	);
});

app.get('/hello/:name', (req, res) => {
	res.type('text').send('Hello, ' + req.params.name + '!');
});

const api = velox.Router();
api.get('/users/:id', async (req, res) => {
	res.json({ id: req.params.id, query: req.query });
});
api.post('/echo', (req, res) => {
	res.status(201).json({ received: req.body });
});
app.use('/api', api);

app.get('/boom', async () => {
	throw new Error('a rejected promise reaches the error handler');
});

app.use((err, _req, res, _next) => {
	res.status(500).json({ error: err.message });
});

const server = app.listen(port, () => {
	console.log('Velox demo listening on http://localhost:' + server.address().port);
});
