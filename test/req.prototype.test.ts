import assert from 'node:assert/strict';
import { IncomingMessage } from 'node:http';
import { test } from 'node:test';
import express from 'express';
import request from 'supertest';
import velox from '../src/express';
import { listenApp } from './helpers/server';

type Descriptor = PropertyDescriptor | undefined;

function shape(descriptor: Descriptor): unknown {
	if (descriptor === undefined) return undefined;
	return {
		kind: descriptor.get !== undefined ? 'getter' : typeof descriptor.value,
		setter: descriptor.set !== undefined,
		writable: descriptor.writable,
		enumerable: descriptor.enumerable,
		configurable: descriptor.configurable,
	};
}

test('velox.request inherits IncomingMessage.prototype and each app.request inherits it, carrying app', () => {
	const app = velox();
	assert.equal(Object.getPrototypeOf(velox.request), IncomingMessage.prototype);
	assert.equal(Object.getPrototypeOf(app.request), velox.request);
	assert.equal((app.request as any).app, app);
});

test('velox.request has every member of express.request, with the same kind of property', () => {
	const expressRequest = (express as any).request as object;
	for (const name of Object.getOwnPropertyNames(expressRequest)) {
		const expected = shape(Object.getOwnPropertyDescriptor(expressRequest, name));
		const actual = shape(Object.getOwnPropertyDescriptor(velox.request, name));
		assert.deepEqual(actual, expected, 'req.' + name);
	}
	assert.equal(velox.request.get, velox.request.header);
});

test('req.query is an accessor on the prototype that can be assigned, unlike the getters', () => {
	assert.deepEqual(shape(Object.getOwnPropertyDescriptor(velox.request, 'query')), {
		kind: 'getter',
		setter: true,
		writable: undefined,
		enumerable: true,
		configurable: true,
	});
});

test('a helper added to velox.request shows up on every request, one added to app.request on that app only', async () => {
	const first = velox();
	const second = velox();
	(velox.request as any).velox_test_helper = function helper(this: any) {
		return 'helper:' + this.path;
	};
	(first.request as any).onlyFirst = true;
	try {
		first.get('/a', (req: any, res) => res.end(req.velox_test_helper() + ' ' + String(req.onlyFirst)));
		second.get('/b', (req: any, res) => res.end(req.velox_test_helper() + ' ' + String(req.onlyFirst)));
		assert.equal((await request(first).get('/a')).text, 'helper:/a true');
		assert.equal((await request(second).get('/b')).text, 'helper:/b undefined');
	} finally {
		delete (velox.request as any).velox_test_helper;
	}
});

test('a mounted sub-app sees the parent app.request helpers', async () => {
	const app = velox();
	const sub = velox();
	(app.request as any).fromParent = 'parent';
	sub.get('/', (req: any, res) => res.end(String(req.fromParent) + ' ' + String(req.app === sub)));
	app.use('/sub', sub);
	assert.equal((await request(app).get('/sub')).text, 'parent true');
});

test('no request member is computed until read: no own query, ip or other getter values', async () => {
	const app = velox();
	const members = ['query', 'ip', 'ips', 'protocol', 'secure', 'hostname', 'subdomains', 'path', 'fresh', 'stale', 'xhr'];
	app.get('/', (req, res) => {
		const ownBefore = members.filter((name) => Object.prototype.hasOwnProperty.call(req, name));
		void req.query;
		const ownAfter = members.filter((name) => Object.prototype.hasOwnProperty.call(req, name));
		res.end(JSON.stringify([ownBefore, ownAfter]));
	});
	const response = await request(app).get('/?a=1');
	assert.deepEqual(JSON.parse(response.text), [[], ['query']]);
});

test('requests built by node for app.listen have every member', async () => {
	const app = velox();
	app.set('trust proxy', 'loopback');
	app.get('/', (req, res) => {
		res.end(JSON.stringify([req.ip, req.protocol, req.hostname, req.path, req.query, req.get('x-a'), req.xhr]));
	});
	const server = await listenApp(app);
	try {
		const response = await request(server.server)
			.get('/?q=1')
			.set('X-Forwarded-For', '9.9.9.9')
			.set('X-Forwarded-Proto', 'https')
			.set('X-Forwarded-Host', 'proxied.test')
			.set('X-A', 'a');
		assert.deepEqual(JSON.parse(response.text), ['9.9.9.9', 'https', 'proxied.test', '/', { q: '1' }, 'a', false]);
	} finally {
		await server.close();
	}
});
