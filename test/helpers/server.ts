/**
 * The one way tests start a server: `listen` serves a request listener behind
 * `http.createServer` (or starts a server built already: https, http2, one with
 * options), `listenApp` starts an app through its own `app.listen` (the
 * production path). Both listen on an ephemeral port of 127.0.0.1 and resolve to
 * a `Running` whose `close` also ends idle and open connections.
 *
 * @example
 * const running = await listen(app);
 * try {
 *   const response = await send(running.port, { path: '/' });
 * } finally {
 *   await running.close();
 * }
 */
import { once } from 'node:events';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

export type Listener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** A listening server. */
export interface Running<S extends net.Server = net.Server> {
	server: S;
	port: number;
	/** The number of open connections. */
	connections(): Promise<number>;
	/** Closes the server, ending its connections (http and https servers end even the busy ones). */
	close(): Promise<void>;
}

/**
 * Serves `listener` behind `http.createServer(serverOptions, listener)`, or starts
 * `server` as it was built (unless it listens already); on 127.0.0.1, an ephemeral port.
 */
export function listen(listener: Listener, serverOptions?: http.ServerOptions): Promise<Running<http.Server>>;
export function listen<S extends net.Server>(server: S): Promise<Running<S>>;
export function listen(target: Listener | net.Server): Promise<Running>;
export function listen(target: Listener | net.Server, serverOptions: http.ServerOptions = {}): Promise<Running> {
	const server = target instanceof net.Server ? target : http.createServer(serverOptions, target);
	if (!server.listening) server.listen(0, '127.0.0.1');
	return running(server);
}

/** An app with Express's `app.listen(port, host)`. */
export interface Listenable {
	listen(port: number, host: string): http.Server;
}

/** Starts `app` through its own `app.listen` (Velox: its request and response classes) on 127.0.0.1. */
export function listenApp(app: Listenable): Promise<Running<http.Server>> {
	return running(app.listen(0, '127.0.0.1'));
}

/** Whether `value` can be started with `listenApp`. */
export function isListenable(value: unknown): value is Listenable {
	return typeof value === 'function' && typeof (value as Partial<Listenable>).listen === 'function';
}

async function running<S extends net.Server>(server: S): Promise<Running<S>> {
	if (!server.listening) await once(server, 'listening');
	const port = (server.address() as AddressInfo).port;
	return {
		server,
		port,
		connections: () => new Promise((resolve, reject) => server.getConnections((err, count) => (err ? reject(err) : resolve(count)))),
		close: () => close(server),
	};
}

/** Closes `server`, ending its connections first (http and https servers end even the busy ones). */
export async function close(server: net.Server): Promise<void> {
	(server as net.Server & { closeAllConnections?: () => void }).closeAllConnections?.();
	await new Promise<void>((resolve) => server.close(() => resolve()));
}
