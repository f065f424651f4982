/**
 * The internal type model (src/core/types/model.ts, docs/design.md "Type model"): the routing method names
 * the app, routers and routes are typed with are the methods they carry at run time, and the
 * framework's objects have no index signature (the `@ts-expect-error` lines fail to compile
 * otherwise: `npm run build:test` reports an unused directive).
 */
import assert from 'node:assert/strict';
import { METHODS } from 'node:http';
import { test } from 'node:test';
import { application } from '../src/core/application';
import type { App } from '../src/core/types/model';
import { request } from '../src/core/request';
import { type MethodName, methods } from '../src/core/router/methods';
import { Route } from '../src/core/router/route';
import { Router } from '../src/core/router/router';

/** Every name of the `MethodName` union, once: a missing or extra key does not compile. */
const typedNames: Record<MethodName, true> = {
	acl: true,
	bind: true,
	checkout: true,
	connect: true,
	copy: true,
	delete: true,
	get: true,
	head: true,
	link: true,
	lock: true,
	'm-search': true,
	merge: true,
	mkactivity: true,
	mkcalendar: true,
	mkcol: true,
	move: true,
	notify: true,
	options: true,
	patch: true,
	post: true,
	propfind: true,
	proppatch: true,
	purge: true,
	put: true,
	query: true,
	rebind: true,
	report: true,
	search: true,
	source: true,
	subscribe: true,
	trace: true,
	unbind: true,
	unlink: true,
	unlock: true,
	unsubscribe: true,
};

test('MethodName names exactly the methods of http.METHODS (QUERY only where node knows it)', () => {
	const runtime = METHODS.map((method) => method.toLowerCase()).sort();
	const typed = Object.keys(typedNames)
		.filter((name) => name !== 'query' || METHODS.includes('QUERY'))
		.sort();
	assert.deepEqual(runtime, typed);
	assert.deepEqual([...methods].sort(), typed);
});

test('the adders the types name are on the application prototype, the router factory and the route prototype', () => {
	for (const method of methods) {
		assert.equal(typeof application[method], 'function', 'app.' + method);
		assert.equal(typeof Router[method], 'function', 'router.' + method);
		assert.equal(typeof Route.prototype[method], 'function', 'route.' + method);
	}
	assert.equal(typeof Router.all, 'function');
	assert.equal(typeof Route.prototype.all, 'function');
});

test('no index signature: a misspelt member of the app, a router or a route does not type-check', () => {
	const probe = (app: App, router: Router, route: Route): unknown[] => [
		// @ts-expect-error: `lazyrouter`, not `lazyRouter`
		app.lazyRouter,
		// @ts-expect-error: `process_params`, not `processParams`
		router.processParams,
		// @ts-expect-error: no method `gett`
		route.gett,
	];
	const app = { lazyRouter: 1 } as unknown as App;
	const router = { processParams: 2 } as unknown as Router;
	const route = { gett: 3 } as unknown as Route;
	assert.deepEqual(probe(app, router, route), [1, 2, 3]);
});

test('the request prototype carries the getters and methods the model names for it (RequestPrototype)', () => {
	for (const name of ['get', 'header', 'accepts', 'acceptsEncodings', 'acceptsCharsets', 'acceptsLanguages', 'range', 'param', 'is'] as const) {
		assert.equal(typeof request[name], 'function', 'req.' + name);
	}
	for (const name of ['protocol', 'secure', 'ip', 'ips', 'subdomains', 'path', 'hostname', 'host', 'fresh', 'stale', 'xhr', 'signal', 'query']) {
		assert.equal(typeof Object.getOwnPropertyDescriptor(request, name)?.get, 'function', 'req.' + name + ' getter');
	}
});
