/** The HTTP methods Velox routes: node's own list, lower-cased (as the `methods` package gives Express). */
import { METHODS } from 'http';

/**
 * The lower-cased names in node's `http.METHODS` (node 20 to 24): the routing methods the app,
 * routers and routes carry (`app.post`, `router.propfind`, `route.mkcalendar`, …). `query` is
 * there only where node knows the QUERY method; a method a later node adds is routed all the same,
 * only not named here.
 */
export type MethodName =
	| 'acl'
	| 'bind'
	| 'checkout'
	| 'connect'
	| 'copy'
	| 'delete'
	| 'get'
	| 'head'
	| 'link'
	| 'lock'
	| 'm-search'
	| 'merge'
	| 'mkactivity'
	| 'mkcalendar'
	| 'mkcol'
	| 'move'
	| 'notify'
	| 'options'
	| 'patch'
	| 'post'
	| 'propfind'
	| 'proppatch'
	| 'purge'
	| 'put'
	| 'query'
	| 'rebind'
	| 'report'
	| 'search'
	| 'source'
	| 'subscribe'
	| 'trace'
	| 'unbind'
	| 'unlink'
	| 'unlock'
	| 'unsubscribe';

export const methods = METHODS.map((method) => method.toLowerCase()) as readonly MethodName[];

// Hot path: `req.method` is one of a few strings; a table avoids a toLowerCase allocation per request.
const lowerCaseMethods = new Map<string, string>(METHODS.map((method) => [method, method.toLowerCase()]));

export function lowerCaseMethod(method: string): string {
	// The two methods most requests carry, by comparison rather than a table lookup (a route
	// lower-cases the request's method twice: matching, then dispatching).
	if (method === 'GET') return 'get';
	if (method === 'POST') return 'post';
	return lowerCaseMethods.get(method) ?? method.toLowerCase();
}
