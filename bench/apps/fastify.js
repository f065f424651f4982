// The scenarios written idiomatically for fastify (logger off, default options).

const fs = require('node:fs');
const path = require('node:path');
const { scalingRoutes } = require('../lib/scenarios');

const HELLO = 'Hello World!';

async function hello() {
  return HELLO;
}

const apps = {
  hello(app) {
    app.get('/', hello);
  },

  json(app) {
    app.get('/', async () => ({ hello: 'world', count: 42, ok: true }));
  },

  routes(app) {
    for (let i = 0; i < 99; i++) {
      if (i % 3 === 0) app.get(`/static${i}/list`, hello);
      else if (i % 3 === 1) app.get(`/one${i}/:id`, hello);
      else app.get(`/two${i}/:id/items/:itemId`, hello);
    }
    app.get('/users/:id/posts/:postId', async (request) => `user ${request.params.id} post ${request.params.postId}`);
  },

  middleware(app) {
    // fastify's equivalent of a no-op app.use: an onRequest hook.
    for (let i = 0; i < 5; i++) {
      app.addHook('onRequest', (_request, _reply, done) => {
        done();
      });
    }
    app.get('/', hello);
  },

  body(app) {
    app.post('/', async (request) => request.body);
  },

  static(app, _group, fixtures) {
    // @fastify/static is not a devDependency of this repo: this route does what it does for a
    // plain GET (stat, validators, stream).
    app.get('/*', (request, reply) => {
      const file = path.join(fixtures.dir, request.params['*']);
      fs.stat(file, (error, stat) => {
        if (error || !stat.isFile()) return reply.callNotFound();
        reply
          .header('Accept-Ranges', 'bytes')
          .header('Cache-Control', 'public, max-age=0')
          .header('Last-Modified', stat.mtime.toUTCString())
          .header('Content-Type', 'text/plain; charset=UTF-8')
          .header('Content-Length', stat.size)
          .send(fs.createReadStream(file));
      });
    });
  },

  notfound(app) {
    // Same body as Express's default 404, so the correctness pre-check compares equal work.
    app.get('/', hello);
    app.setNotFoundHandler((request, reply) => {
      reply
        .code(404)
        .type('text/html; charset=utf-8')
        .send(
          '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n<title>Error</title>\n</head>\n<body>\n' +
            `<pre>Cannot ${request.method} ${request.url.split('?')[0]}</pre>\n</body>\n</html>\n`,
        );
    });
  },

  scaling(app, group) {
    for (const route of scalingRoutes(group.routeCount)) {
      if (route.kind === 'static') app.get(route.path, hello);
      else app.get(route.path, async (request) => request.params.id);
    }
  },
};

function start(modulePath, group, fixtures, listening) {
  const fastify = require(modulePath);
  const app = fastify({ logger: false });
  apps[group.app](app, group, fixtures);
  app.listen({ port: 0, host: '127.0.0.1' }).then(() => listening(app.server.address().port));
  return app.server;
}

module.exports = { start };
