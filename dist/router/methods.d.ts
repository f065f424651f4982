/**
 * The lower-cased names in node's `http.METHODS` (node 20 to 24): the routing methods the app,
 * routers and routes carry (`app.post`, `router.propfind`, `route.mkcalendar`, …). `query` is
 * there only where node knows the QUERY method; a method a later node adds is routed all the same,
 * only not named here.
 */
export type MethodName = 'acl' | 'bind' | 'checkout' | 'connect' | 'copy' | 'delete' | 'get' | 'head' | 'link' | 'lock' | 'm-search' | 'merge' | 'mkactivity' | 'mkcalendar' | 'mkcol' | 'move' | 'notify' | 'options' | 'patch' | 'post' | 'propfind' | 'proppatch' | 'purge' | 'put' | 'query' | 'rebind' | 'report' | 'search' | 'source' | 'subscribe' | 'trace' | 'unbind' | 'unlink' | 'unlock' | 'unsubscribe';
export declare const methods: readonly MethodName[];
export declare function lowerCaseMethod(method: string): string;
