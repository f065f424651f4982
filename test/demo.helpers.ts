/** Loads the demo app (examples/demo, plain JavaScript over the built package) for the demo tests. */
import path from 'node:path';
import type { Application } from '../src/core/types';

export const DEMO_DIR = path.join(__dirname, '..', '..', 'examples', 'demo');

export interface DemoOptions {
	secret?: string;
	/** The framework the app is built with: Velox (the built package) by default. */
	framework?: unknown;
}

interface DemoModule {
	createApp(options?: DemoOptions): Application;
}

export function createDemoApp(options?: DemoOptions): Application {
	// examples/ is JavaScript outside the TypeScript project: loaded at run time.
	const demo = require(path.join(DEMO_DIR, 'app.js')) as DemoModule;
	return demo.createApp(options);
}
