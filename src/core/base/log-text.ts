/**
 * What Velox itself writes to the log, made safe to print. Security: an error
 * message can carry request data (a body parser's message quotes the body), and
 * CR, LF, U+2028 or U+2029 in it would start log lines the client wrote, other
 * control characters would drive the terminal. They are written as escapes
 * (`\n`, `\x1b`, `\u2028`); a stack keeps one line per frame.
 */
import { inspect } from 'util';

// C0 controls, DEL, C1 controls (NEL among them), and the line and paragraph separators.
const UNSAFE = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/;
const UNSAFE_ALL = /[\x00-\x1f\x7f-\x9f\u2028\u2029]/g;
const FRAME = /^\s+at /;

function escapeCharacter(character: string): string {
	switch (character) {
		case '\n':
			return '\\n';
		case '\r':
			return '\\r';
		case '\t':
			return '\\t';
	}
	const code = character.charCodeAt(0);
	return code > 0xff ? '\\u' + code.toString(16) : '\\x' + code.toString(16).padStart(2, '0');
}

/**
 * `text` on one line: every control character and line separator escaped.
 *
 * @example
 * escapeLogText('bad\nINFO forged'); // => 'bad\\nINFO forged'
 */
export function escapeLogText(text: string): string {
	return UNSAFE.test(text) ? text.replace(UNSAFE_ALL, escapeCharacter) : text;
}

/**
 * A stack for the log: the head (`Name: message`) escaped on one line, then each frame on a
 * line of its own, escaped. The head ends where the error's message ends when the stack shows
 * it, so a message that imitates frames stays in the head; otherwise the frames are the
 * trailing `    at …` lines.
 */
export function escapeStack(stack: string, message: unknown): string {
	if (!UNSAFE.test(stack)) return stack;
	let headEnd = -1;
	if (typeof message === 'string' && message !== '') {
		const index = stack.indexOf(message);
		if (index !== -1) headEnd = index + message.length;
	}
	if (headEnd === -1) {
		const lines = stack.split('\n');
		let first = lines.length;
		while (first > 1 && FRAME.test(lines[first - 1])) first--;
		headEnd = first === lines.length ? stack.length : lines.slice(0, first).join('\n').length;
	}
	const frames = stack.slice(headEnd).split('\n');
	let text = escapeLogText(stack.slice(0, headEnd)) + escapeLogText(frames[0]);
	for (let i = 1; i < frames.length; i++) text += '\n' + escapeLogText(frames[i]);
	return text;
}

/**
 * What the default error logger prints for `err`, as Express 4's `logerror` (`err.stack ||
 * err.toString()`), escaped. Throws where Express's would (a value without `toString`).
 */
export function errorLogText(err: unknown): string {
	const error = err as { stack?: unknown; message?: unknown; toString(): string };
	const stack = error.stack;
	if (stack) return typeof stack === 'string' ? escapeStack(stack, error.message) : escapeLogText(String(stack));
	return escapeLogText(String(error.toString()));
}

/**
 * Any value as one escaped log line; never throws.
 *
 * @example
 * console.error(anyLogText(Object.create(null)));
 */
export function anyLogText(value: unknown): string {
	try {
		return errorLogText(value);
	} catch {
		try {
			return escapeLogText(inspect(value, { breakLength: Number.POSITIVE_INFINITY }));
		} catch {
			return 'Error: a value that cannot be printed';
		}
	}
}
