// The fastify apps of bench/apps/fastify.js, plus the two headers Express 4's output carries and
// fastify's does not: `X-Powered-By` and a weak `ETag` of the body (hashed as Velox hashes it:
// SHA-1, base64, 27 characters, one-shot `crypto.hash` where node has it). Measures how much of
// fastify's lead over Velox is the work Express's bytes on the wire require (`--frameworks
// fastify,fastify-eo,velox`), not a framework in the suite's default list.

const crypto = require('node:crypto');
const fastifyApps = require('./fastify');

const hash =
	typeof crypto.hash === 'function' ? (body) => crypto.hash('sha1', body, 'base64') : (body) => crypto.createHash('sha1').update(body).digest('base64');

function expressHeaders(app) {
	app.addHook('onSend', (_request, reply, payload, done) => {
		reply.header('X-Powered-By', 'Express');
		if (typeof payload === 'string' || Buffer.isBuffer(payload)) {
			const length = Buffer.byteLength(payload);
			reply.header('ETag', `W/"${length.toString(16)}-${hash(payload).substring(0, 27)}"`);
		}
		done(null, payload);
	});
}

module.exports = {
	expressHeaders,
	create: (modulePath, group, fixtures) => fastifyApps.create(modulePath, group, fixtures, expressHeaders),
	start: (modulePath, group, fixtures, listening) => fastifyApps.start(modulePath, group, fixtures, listening, expressHeaders),
};
