/**
 * OpenTelemetry for Velox: `require('velox/otel')`.
 *
 * Subscribes to Velox's `velox:` diagnostics channels (tracing.ts) and makes
 * the spans OpenTelemetry's Express instrumentation makes for Express 4, with
 * the same names and attributes, so dashboards and alerts built for Express
 * keep working: `middleware - jsonParser`, `router - /api`,
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
	/** The parent of every layer span: the request span's context. */
	ctx: Context;
	/** The span the route name goes on: ours, or the HTTP instrumentation's. */
	routeSpan: Span | undefined;
	/** Our SERVER span, when we started one. */
	own: Span | undefined;
	method: string;
}

const SCOPE = 'velox';

/** Starts making Express-style spans for Velox requests. */
export function instrument(options: VeloxInstrumentationOptions = {}): VeloxInstrumentation {
	const provider = options.tracerProvider ?? trace.getTracerProvider();
	const tracer: Tracer = provider.getTracer(SCOPE);
	const ignored = new Set<string>(options.ignoreLayersType ?? []);
	const requestSpan = options.requestSpan !== false;
	const requests = new WeakMap<RequestMessage, RequestState>();
	const layers = new WeakMap<LayerMessage, Span>();

	const onRequestStart = (message: unknown): void => {
		const request = message as RequestMessage;
		const parent = context.active();
		const active = trace.getSpan(parent);
		const method = request.req.method ?? 'GET';
		if (active !== undefined || !requestSpan) {
			requests.set(request, { ctx: parent, routeSpan: active, own: undefined, method });
			return;
		}
		const url = request.req.url ?? '/';
		const query = url.indexOf('?');
		const own = tracer.startSpan(
			method,
			{ kind: SpanKind.SERVER, attributes: { [AttributeNames.HTTP_METHOD]: method, [AttributeNames.URL_PATH]: query === -1 ? url : url.slice(0, query) } },
			parent,
		);
		requests.set(request, { ctx: trace.setSpan(parent, own), routeSpan: own, own, method });
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
		// As the Express instrumentation: no spans for error middleware or a route's own handlers.
		if (layer.type === 'handler' || layer.error !== undefined) return;
		const state = requests.get(layer.request);
		if (state === undefined) return;
		const type: ExpressLayerType = layer.type === 'route' ? 'request_handler' : layer.type === 'router' ? 'router' : 'middleware';
		const route = layer.route;
		if (type === 'request_handler' && state.routeSpan !== undefined) {
			state.routeSpan.setAttribute(AttributeNames.HTTP_ROUTE, route);
			state.routeSpan.updateName(state.method + ' ' + route);
		}
		// As the Express instrumentation: layer spans only under a request span.
		if (ignored.has(type) || trace.getSpan(state.ctx) === undefined) return;
		const name = type === 'request_handler' ? route : type === 'router' ? layer.path : layer.name;
		const spanName = type === 'request_handler' ? 'request handler - ' + route : type + ' - ' + name;
		const attributes: Attributes = {
			[AttributeNames.HTTP_ROUTE]: route,
			[AttributeNames.EXPRESS_NAME]: name,
			[AttributeNames.EXPRESS_TYPE]: type,
		};
		layers.set(layer, tracer.startSpan(spanName, { attributes }, state.ctx));
	};

	const onLayerError = (message: unknown): void => {
		const layer = message as LayerMessage;
		const span = layers.get(layer);
		if (span !== undefined) recordError(span, layer.error);
	};

	const onLayerEnd = (message: unknown): void => {
		const layer = message as LayerMessage;
		const span = layers.get(layer);
		if (span === undefined) return;
		layers.delete(layer);
		span.end();
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

function recordError(span: Span, error: unknown): void {
	if (error instanceof Error) {
		span.recordException(error);
		span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
	} else {
		span.recordException(String(error));
		span.setStatus({ code: SpanStatusCode.ERROR, message: String(error) });
	}
}
