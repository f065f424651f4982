/** `require('express/lib/response')`: the response prototype (`require('express').response`). */
import { response } from './core/response';

// New Relic (14 and later) instruments `res.render` by rewriting this file's source as it loads:
// its code transformer looks here for a function expression named `render` (Express's
// `res.render = function render(view, options, callback) {…}`). So it is defined here, calling
// Velox's own. test/apm.hooks.test.ts checks what the transformer finds.
const responseRender = response.render;

response.render = function render(
	this: typeof response,
	view: string,
	options?: Parameters<typeof responseRender>[1],
	callback?: Parameters<typeof responseRender>[2],
): void {
	responseRender.call(this, view, options, callback);
};

export = response;
