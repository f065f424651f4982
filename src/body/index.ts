// Placeholder until the body parsers land (issue 6); the body-parser work replaces this file.
type Middleware = (req: unknown, res: unknown, next: (err?: unknown) => void) => void;
function notYet(name: string): (options?: unknown) => Middleware {
	return () => {
		throw new Error('velox.' + name + ' is not implemented yet');
	};
}
export const json = notYet('json');
export const raw = notYet('raw');
export const text = notYet('text');
export const urlencoded = notYet('urlencoded');
