/**
 * The platform seam's connection list: `velox.shutdown` reaches the HTTP/1 connections in flight
 * through node's own list (else idle ones close and, at the deadline, all of them).
 */
import type { ServerResponse } from 'http';
import type { Socket } from 'net';

/** An HTTP/1 connection: its socket, and the response it is answering (null between requests). */
export interface HttpConnection {
	socket: Socket;
	response: ServerResponse | null;
}

type ConnectionList = { all(): Array<{ socket?: Socket & { _httpMessage?: ServerResponse | null } }> };

/** node's key of a server's connection list, once found on a listening server. */
let connectionListKey: symbol | undefined;

function isConnectionList(value: unknown): value is ConnectionList {
	return (
		typeof value === 'object' &&
		value !== null &&
		typeof (value as ConnectionList).all === 'function' &&
		typeof (value as { idle?: unknown }).idle === 'function'
	);
}

/**
 * The HTTP/1 connections of a listening `server`, from node's own list (the one behind
 * `closeIdleConnections`), found by its shape; undefined when it is not there (a `net` server,
 * or a node that keeps them otherwise).
 */
export function httpConnections(server: object): HttpConnection[] | undefined {
	const holder = server as Record<symbol, unknown>;
	let key = connectionListKey;
	if (key === undefined || !isConnectionList(holder[key])) {
		key = Object.getOwnPropertySymbols(server).find((symbol) => isConnectionList(holder[symbol]));
		if (key === undefined) return undefined;
		connectionListKey = key;
	}
	const connections: HttpConnection[] = [];
	for (const parser of (holder[key] as ConnectionList).all()) {
		const socket = parser.socket;
		if (socket !== undefined && socket !== null) connections.push({ socket, response: socket._httpMessage ?? null });
	}
	return connections;
}
