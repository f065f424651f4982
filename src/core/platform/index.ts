/**
 * The platform seam: everything Velox does with node beyond its documented API. Each use of node's
 * internals is found once by probing node's public objects (`detect`), published in `features`,
 * and has a fallback to the documented API that puts the same bytes on the wire. Why each exists,
 * and what it saves: docs/design.md, "The platform seam". One file per concern:
 * - header-table.ts: `res.send`'s own headers stored straight into node's header table;
 * - classes.ts: how a request and a response get their app's prototypes (classes, adoption, swap);
 * - connections.ts: `velox.shutdown`'s list of the connections in flight;
 * - http2/platform.ts, loaded with the first HTTP/2 request: the same for node's HTTP/2 API.
 * With `NODE_DEBUG=velox`, what is in force and why is printed once, when Velox loads.
 */
import http, { IncomingMessage, ServerResponse } from 'http';
import { debuglog } from 'util';
import * as classes from './classes';
import * as connections from './connections';
import * as headerStores from './header-table';
import type { HeaderMethods, NodeSurface } from './surface';

// The entry's members are plain properties, not re-exports: tsc compiles `export { x } from` to
// an accessor, and the header stores are called on every response.
export const adoptServer = classes.adoptServer;
export const hasAppPrototype = classes.hasAppPrototype;
export const markServed = classes.markServed;
export const servedAppOf = classes.servedAppOf;
export const serverOf = classes.serverOf;
export const serverOptionsFor = classes.serverOptionsFor;
export type { PrototypeOwner } from './classes';
export const httpConnections = connections.httpConnections;
export type { HttpConnection } from './connections';
export const getContentType = headerStores.getContentType;
export const getETag = headerStores.getETag;
export const getTransferEncoding = headerStores.getTransferEncoding;
export const removeErrorPageHeaders = headerStores.removeErrorPageHeaders;
export const setContentLength = headerStores.setContentLength;
export const setContentType = headerStores.setContentType;
export const setErrorPageHeaders = headerStores.setErrorPageHeaders;
export const setETag = headerStores.setETag;
export const setPoweredBy = headerStores.setPoweredBy;
export type { NodeSurface } from './surface';

/** What this node offers beyond its documented API, as probed once (`detect`). */
export interface PlatformFeatures {
	/** `res.send`'s own headers are stored in node's header table of the response; else `setHeader`. */
	readonly headerTable: boolean;
	/** `http.createServer(app)` hands the server the app's classes after its first request; else a swap per request. */
	readonly serverClasses: boolean;
}

/** What `detect` found: the features, the keys and functions behind them, and why a feature is off. */
export interface Detection {
	readonly features: PlatformFeatures;
	/** node's key of the header table on an outgoing message. */
	readonly headerTable: symbol | undefined;
	/** The surface's own `setHeader`, `getHeader`, `removeHeader`: a response whose methods differ gets the calls. */
	readonly headerMethods: Readonly<HeaderMethods>;
	/** node's keys of the request and response classes on an `http.Server`. */
	readonly serverClasses: readonly [symbol, symbol] | undefined;
	/** For each feature that is off, what the probe saw. */
	readonly reasons: Readonly<Partial<Record<keyof PlatformFeatures, string>>>;
}

/** Probes `surface` for each internal Velox can use; what it cannot confirm is off. */
export function detect(surface: NodeSurface): Detection {
	const proto = surface.ServerResponse.prototype;
	const headerMethods = Object.freeze({ setHeader: proto.setHeader, getHeader: proto.getHeader, removeHeader: proto.removeHeader });
	const table = headerStores.findHeaderTable(surface);
	const headerTable = typeof table === 'symbol' ? table : undefined;
	const serverClasses = classes.findServerClassKeys(surface);
	const features = Object.freeze({ headerTable: headerTable !== undefined, serverClasses: serverClasses !== undefined });
	const reasons: Partial<Record<keyof PlatformFeatures, string>> = {};
	if (typeof table === 'string') reasons.headerTable = table;
	if (serverClasses === undefined) reasons.serverClasses = "a server's class options are not found under a symbol key";
	return Object.freeze({ features, headerTable, headerMethods, serverClasses: serverClasses && Object.freeze(serverClasses), reasons: Object.freeze(reasons) });
}

/** node's own http module, as `detect` probes it at load. */
export const nodeSurface: NodeSurface = { IncomingMessage, ServerResponse, Server: http.Server };

/** What the detection in force found (node's own unless `usePlatform` put another in force). */
export let features: PlatformFeatures;

/** Puts `detection` in force for every app in this process: node's own, or another node's (tests). */
export function usePlatform(detection: Detection): void {
	features = detection.features;
	headerStores.useHeaderTable(detection.headerTable, detection.headerMethods);
	classes.useServerClasses(detection.serverClasses);
}

const FALLBACKS: Record<keyof PlatformFeatures, string> = {
	headerTable: 'header table: off, res.send sets its headers with setHeader',
	serverClasses: 'server classes: off, http.createServer(app) swaps prototypes per request',
};

/** The lines `NODE_DEBUG=velox` prints for `detection`: one per feature, on or off and why. */
export function describePlatform(detection: Detection): string[] {
	const lines: string[] = [];
	for (const name of Object.keys(FALLBACKS) as (keyof PlatformFeatures)[]) {
		const reason = detection.reasons[name];
		lines.push(
			detection.features[name] ? `${name === 'headerTable' ? 'header table' : 'server classes'}: on` : `${FALLBACKS[name]} (${reason ?? 'not probed'})`,
		);
	}
	return lines;
}

/** The detection of node's own http module, made when Velox loads. */
export const nodeDetection: Detection = detect(nodeSurface);
usePlatform(nodeDetection);

const debug = debuglog('velox');
if (debug.enabled) for (const line of describePlatform(nodeDetection)) debug('platform: node %s, %s', process.versions.node, line);
