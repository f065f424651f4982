/** The HTTP methods Velox routes: node's own list, lower-cased (as the `methods` package gives Express). */
import { METHODS } from 'node:http';

export const methods: readonly string[] = METHODS.map((method) => method.toLowerCase());

// Hot path: `req.method` is one of a few strings; a table avoids a toLowerCase allocation per request.
const lowerCaseMethods = new Map<string, string>(METHODS.map((method) => [method, method.toLowerCase()]));

export function lowerCaseMethod(method: string): string {
	return lowerCaseMethods.get(method) ?? method.toLowerCase();
}
