/**
 * Shared by the view tests: fixture locations, a tiny `{{key}}` engine that
 * reads its file on every render (so a test sees which file was resolved), and
 * a promise wrapper around `app.render` for Velox and express@4 alike.
 */
import { readFile } from 'node:fs';
import path from 'node:path';

export const viewsRoot = path.join(__dirname, '../../test/fixtures/views');
export const lookupRoot = path.join(viewsRoot, 'lookup');
export const altRoot = path.join(viewsRoot, 'lookup-alt');

type Callback = (err: Error | null, html?: string) => void;

function pick(source: unknown, dotted: string): unknown {
	let value = source;
	for (const key of dotted.split('.')) value = value == null ? undefined : (value as Record<string, unknown>)[key];
	return value;
}

/** Replaces `{{a.b}}` with the local's value; `undefined` shows as such, so a missing local is visible. */
export function tplEngine(file: string, options: object, callback: Callback): void {
	readFile(file, 'utf8', (err, text) => {
		if (err) return callback(err);
		callback(
			null,
			text.replace(/\{\{([\w.]+)\}\}/g, (_match, key: string) => String(pick(options, key))),
		);
	});
}

interface Renderer {
	render(name: string, options: object, callback: Callback): void;
}

export interface Outcome {
	html?: string;
	error?: string;
}

/** Renders and settles with the html or the error message; a synchronous throw is reported as `throw: <message>`. */
export function outcome(app: Renderer, name: string, options: object = {}): Promise<Outcome> {
	return new Promise((resolve) => {
		try {
			app.render(name, options, (err, html) => resolve(err ? { error: err.message } : { html }));
		} catch (err) {
			resolve({ error: 'throw: ' + (err as Error).message });
		}
	});
}

/** Like `app.render`, rejecting with the error object itself. */
export function render(app: Renderer, name: string, options: object = {}): Promise<string> {
	return new Promise((resolve, reject) => {
		app.render(name, options, (err, html) => (err ? reject(err) : resolve(html as string)));
	});
}
