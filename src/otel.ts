/**
 * OpenTelemetry for Velox: `require('velox/otel')`.
 *
 * Subscribes to Velox's `velox:` diagnostics channels (tracing.ts) and makes
 * the spans OpenTelemetry's Express instrumentation makes for Express 4, with
 * the same names and attributes, so dashboards and alerts built for Express
 * keep working: `middleware - jsonParser`, `router - /users/:id`,
 * `request handler - /users/:id`, each with `http.route`, `express.name` and
 * `express.type`. Nothing is patched; `@opentelemetry/api` is an optional
 * peer dependency, loaded only by this entry point.
 *
 * @example
 * const { instrument } = require('velox/otel');
 * const handle = instrument({ tracerProvider });
 * // … later: handle.disable();
 */
import dc from 'diagnostics_channel';
import { type Attributes, type Context, context, type Span, SpanKind, SpanStatusCode, type Tracer, type TracerProvider, trace } from '@opentelemetry/api';
import { channelNames, type LayerMessage, type RequestMessage } from './core/tracing';

/** The Express instrumentation's layer types (its `express.type` values). */
export type ExpressLayerType = 'router' | 'middleware' | 'request_handler';

export interface VeloxInstrumentationOptions {
	/** Where spans go (default: the global tracer provider). */
	tracerProvider?: TracerProvider;
	/** Layer types to make no span for, as the Express instrumentation's `ignoreLayersType`. */
	ignoreLayersType?: ExpressLayerType[];
	/**
	 * When a request arrives with no active span (no HTTP instrumentation), start a
	 * SERVER span for it, named `METHOD /route` (default true). With an active span
	 * (@opentelemetry/instrumentation-http), that span is the parent and gets
	 * `http.route` and the `METHOD /route` name instead, as with Express.
	 */
	requestSpan?: boolean;
}

export interface VeloxInstrumentation {
	/** Unsubscribes from the channels: requests that start afterwards make no spans. */
	disable(): void;
}

/** Attribute names, as the Express instrumentation and the HTTP semantic conventions spell them. */
export const AttributeNames = {
	HTTP_ROUTE: 'http.route',
	EXPRESS_NAME: 'express.name',
	EXPRESS_TYPE: 'express.type',
	HTTP_METHOD: 'http.request.method',
	URL_PATH: 'url.path',
	HTTP_STATUS: 'http.response.status_code',
} as const;

interface RequestState {
	/** The request span's context: the parent of layer spans no open layer span encloses. */
	ctx: Context;
	/** The span the route name goes on when no HTTP instrumentation takes it: ours, or another active span. */
	routeSpan: Span | undefined;
	/** Our SERVER span, when we started one. */
	own: Span | undefined;
	/** instrumentation-http's per-request metadata: it names its server span and metrics from `route`. */
	rpc: RpcMetadata | undefined;
	method: string;
	/** Paths written at registration of the layers holding the request, as the Express instrumentation keeps them. */
	paths: string[];
	/** Spans of middleware still holding the request, innermost last: the parents of spans started under them. */
	open: Span[];
	/** The route of the last layer entered (the server span's name). */
	route: string | undefined;
}

interface LayerState {
	span: Span | undefined;
	/** Whether the layer's path went on `paths` and comes off when it passes the request on. */
	stored: boolean;
}

/** What @opentelemetry/core keeps in the context for an HTTP server request (type `http`). */
interface RpcMetadata {
	type: string;
	route?: string;
}

/** The context key @opentelemetry/core files its RPC metadata under (`createContextKey` is `Symbol.for`). */
const RPC_METADATA_KEY = Symbol.for('OpenTelemetry SDK Context Key RPC_METADATA');

const SCOPE = 'velox';

/** Starts making Express-style spans for Velox requests. */
export function instrument(options: VeloxInstrumentationOptions = {}): VeloxInstrumentation {
	const provider = options.tracerProvider ?? trace.getTracerProvider();
	const tracer: Tracer = provider.getTracer(SCOPE);
	const ignored = new Set<string>(options.ignoreLayersType ?? []);
	const requestSpan = options.requestSpan !== false;
	const requests = new WeakMap<RequestMessage, RequestState>();
	const layers = new WeakMap<LayerMessage, LayerState>();

	const onRequestStart = (message: unknown): void => {
		const request = message as RequestMessage;
		const parent = context.active();
		const active = trace.getSpan(parent);
		const method = request.req.method ?? 'GET';
		const metadata = parent.getValue(RPC_METADATA_KEY) as RpcMetadata | undefined;
		const rpc = metadata?.type === 'http' ? metadata : undefined;
		const state: RequestState = { ctx: parent, routeSpan: active, own: undefined, rpc, method, paths: [], open: [], route: undefined };
		if (active === undefined && requestSpan) {
			const url = request.req.url ?? '/';
			const query = url.indexOf('?');
			const attributes = { [AttributeNames.HTTP_METHOD]: method, [AttributeNames.URL_PATH]: query === -1 ? url : url.slice(0, query) };
			state.own = state.routeSpan = tracer.startSpan(method, { kind: SpanKind.SERVER, attributes }, parent);
			state.ctx = trace.setSpan(parent, state.own);
		}
		requests.set(request, state);
	};

	const onRequestError = (message: unknown): void => {
		const request = message as RequestMessage;
		const state = requests.get(request);
		if (state?.own !== undefined) recordError(state.own, request.error);
	};

	const onRequestEnd = (message: unknown): void => {
		const request = message as RequestMessage;
		const state = requests.get(request);
		if (state === undefined) return;
		requests.delete(request);
		// With instrumentation-http, its span takes the route from the RPC metadata; else it goes here.
		if (state.rpc === undefined && state.routeSpan !== undefined && state.route !== undefined) {
			state.routeSpan.setAttribute(AttributeNames.HTTP_ROUTE, state.route);
			state.routeSpan.updateName(state.method + ' ' + state.route);
		}
		const own = state.own;
		if (own === undefined) return;
		if (request.statusCode !== undefined) {
			own.setAttribute(AttributeNames.HTTP_STATUS, request.statusCode);
			if (request.statusCode >= 500) own.setStatus({ code: SpanStatusCode.ERROR });
		}
		own.end();
	};

	const onLayerStart = (message: unknown): void => {
		const layer = message as LayerMessage;
		// As the Express instrumentation: nothing for error middleware or a route's own handlers.
		if (layer.type === 'handler' || layer.error !== undefined) return;
		const state = requests.get(layer.request);
		if (state === undefined) return;
		const stored = layer.written !== undefined;
		if (stored) state.paths.push(layer.written!);
		const constructed = constructedRoute(state.paths);
		const matched = matchedRoute(state.paths, constructed, (layer.req as { originalUrl?: string }).originalUrl ?? layer.req.url ?? '/');
		state.route = matched;
		if (state.rpc !== undefined) state.rpc.route = matched;
		const { type, name, spanName } = describe(layer, constructed);
		const kept: LayerState = { span: undefined, stored: false };
		layers.set(layer, kept);
		if (ignored.has(type)) {
			// The Express instrumentation lets go of an ignored layer's path at once, but a router's never.
			if (stored && type !== 'router') state.paths.pop();
			return;
		}
		const parent = state.open.length === 0 ? state.ctx : trace.setSpan(state.ctx, state.open[state.open.length - 1]!);
		// Layer spans only under a request span; the path then stays on the list, as there.
		if (trace.getSpan(parent) === undefined) return;
		const attributes: Attributes = { [AttributeNames.EXPRESS_NAME]: name, [AttributeNames.EXPRESS_TYPE]: type };
		if (matched !== undefined) attributes[AttributeNames.HTTP_ROUTE] = matched;
		const span = tracer.startSpan(spanName, { attributes }, parent);
		kept.stored = stored;
		if (type === 'router') {
			// A router's span ends as it starts; what runs inside it has the router's parent.
			span.end();
			return;
		}
		kept.span = span;
		state.open.push(span);
	};

	const onLayerError = (message: unknown): void => {
		const layer = message as LayerMessage;
		const span = layers.get(layer)?.span;
		if (span !== undefined) recordError(span, layer.error);
	};

	const onLayerEnd = (message: unknown): void => {
		const layer = message as LayerMessage;
		const kept = layers.get(layer);
		if (kept === undefined) return;
		layers.delete(layer);
		const state = requests.get(layer.request);
		if (kept.span !== undefined) {
			kept.span.end();
			const open = state?.open;
			const at = open === undefined ? -1 : open.lastIndexOf(kept.span);
			if (at !== -1) open!.splice(at, 1);
		}
		// Passed on, the layer's path comes off, but for an error leaving a matched route.
		const routed = (layer.req as { route?: unknown }).route !== undefined;
		if (state !== undefined && kept.stored && layer.passed && !(routed && layer.error !== undefined)) state.paths.pop();
	};
	const subscriptions: [string, (message: unknown, name: string | symbol) => void][] = [
		[channelNames.requestStart, onRequestStart],
		[channelNames.requestError, onRequestError],
		[channelNames.requestEnd, onRequestEnd],
		[channelNames.layerStart, onLayerStart],
		[channelNames.layerError, onLayerError],
		[channelNames.layerEnd, onLayerEnd],
	];
	for (const [name, listener] of subscriptions) dc.subscribe(name, listener);
	let enabled = true;
	return {
		disable(): void {
			if (!enabled) return;
			enabled = false;
			for (const [name, listener] of subscriptions) dc.unsubscribe(name, listener);
		},
	};
}

/** A layer's type, `express.name` and span name, as the Express instrumentation gives them for Express 4. */
function describe(layer: LayerMessage, constructed: string): { type: ExpressLayerType; name: string; spanName: string } {
	if (layer.type === 'router') {
		const name = firstRoutePath(layer.layer.handle) || layer.written || constructed || '/';
		return { type: 'router', name, spanName: 'router - ' + name };
	}
	if (layer.type === 'route') {
		const name = constructed || layer.written || 'request handler';
		return { type: 'request_handler', name, spanName: layer.layer.path ? 'request handler - ' + name : 'request handler' };
	}
	return { type: 'middleware', name: layer.name, spanName: 'middleware - ' + layer.name };
}

interface StackHolder {
	stack?: { route?: { path?: unknown }; handle?: unknown }[];
}

/** A router is named after its first entry's route path, looking into nested routers ('' if none). */
function firstRoutePath(handle: unknown): string {
	const first = (handle as StackHolder | undefined)?.stack?.[0];
	if (first === undefined) return '';
	if (first.route?.path) return String(first.route.path);
	return Array.isArray((first.handle as StackHolder | undefined)?.stack) ? firstRoutePath(first.handle) : '';
}

/** The written paths joined, without those that match everything (`/`, `/*`). */
function constructedRoute(paths: readonly string[]): string {
	const meaningful = paths.filter((path) => path !== '/' && path !== '/*');
	if (meaningful.length === 1 && meaningful[0] === '*') return '*';
	return meaningful.join('').replace(/\/{2,}/g, '/');
}

/** The route for `http.route`, or undefined where the written paths say nothing about this URL. */
function matchedRoute(paths: readonly string[], constructed: string, originalUrl: string): string | undefined {
	if (paths.length === 0) return undefined;
	if (paths.every((path) => path === '/')) return originalUrl === '/' ? '/' : undefined;
	if (constructed === '*') return constructed;
	// A list of paths, a regular expression or a wildcard: the written text is the route.
	if (constructed.includes('/') && /[,\\*[]/.test(constructed)) return constructed;
	const route = constructed.startsWith('/') ? constructed : '/' + constructed;
	const pattern = route.includes(':') || route.includes('*');
	return originalUrl === route || originalUrl.startsWith(route) || pattern ? route : undefined;
}

function recordError(span: Span, error: unknown): void {
	if (error instanceof Error) {
		span.recordException(error);
		span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
	} else {
		span.recordException(String(error));
		span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
	}
}
