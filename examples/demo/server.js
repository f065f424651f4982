// The demo app that `npm start` serves: a few routes showing the Express 4 interface on Velox.
'use strict';
const path = require('node:path');
const velox = require('../../dist/index.js');

const app = velox();
const port = Number(process.env.PORT) || 3000;

app.get('/', (req, res) => {
	res.setHeader('Content-Type', 'text/html; charset=utf-8');
	res.end(
		'<!DOCTYPE html><title>Velox demo</title><h1>Velox</h1>' +
			'<p>The Express 4 interface, faster and safer.</p>' +
			'<ul><li><a href="/hello/world">/hello/:name</a></li><li><a href="/api/users/42?fields=name">/api/users/:id</a></li></ul>',
	);
});

app.get('/hello/:name', (req, res) => {
	res.setHeader('Content-Type', 'text/plain; charset=utf-8');
	res.end('Hello, ' + req.params.name + '!');
});

const api = velox.Router();
api.get('/users/:id', async (req, res) => {
	res.setHeader('Content-Type', 'application/json; charset=utf-8');
	res.end(JSON.stringify({ id: req.params.id, query: req.query }));
});
app.use('/api', api);

try {
	app.use('/static', velox.static(path.join(__dirname, 'public')));
} catch {
	// velox.static arrives with the file-sending work.
}

const server = app.listen(port, () => {
	console.log('Velox demo listening on http://localhost:' + server.address().port);
});
