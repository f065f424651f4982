/**
 * Placeholder View (replaced by the views work, issue 7): resolves nothing,
 * so `app.render` reports a failed lookup.
 */
export interface ViewOptions {
	defaultEngine?: string;
	root: string | string[];
	engines: Record<string, unknown>;
}

export class View {
	name: string;
	root: string | string[];
	path: string | undefined = undefined;
	constructor(name: string, options: ViewOptions) {
		this.name = name;
		this.root = options.root;
	}
	render(_options: object, callback: (err: Error | null, html?: string) => void): void {
		callback(new Error('views are not implemented yet'));
	}
}
