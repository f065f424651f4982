import { TracerProvider } from '@opentelemetry/api';
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
export declare const AttributeNames: {
    readonly HTTP_ROUTE: "http.route";
    readonly EXPRESS_NAME: "express.name";
    readonly EXPRESS_TYPE: "express.type";
    readonly HTTP_METHOD: "http.request.method";
    readonly URL_PATH: "url.path";
    readonly HTTP_STATUS: "http.response.status_code";
};
/** Starts making Express-style spans for Velox requests. */
export declare function instrument(options?: VeloxInstrumentationOptions): VeloxInstrumentation;
