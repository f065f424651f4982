/**
 * `require('express/lib/router/layer')` with Velox installed as `express`:
 * the Layer whose prototype Velox's routers and routes use. Patches such as
 * `Layer.prototype.handle_request = …` take effect; express-async-errors'
 * `handle` accessor on the prototype is shadowed by each layer's own `handle`
 * (harmless: Velox already sends a rejected promise to `next(err)`).
 */
import { Layer as VeloxLayer } from '../core/router/layer';
import type { AnyHandler } from '../core/router/types';
import type { PathInput, PathOptions } from '../core/router/matcher';
import { construct } from '../core/construct';

interface LayerConstructor {
	new (path: PathInput, options: PathOptions | undefined, fn: AnyHandler): VeloxLayer;
	(path: PathInput, options: PathOptions | undefined, fn: AnyHandler): VeloxLayer;
	prototype: VeloxLayer;
}

const Layer = function Layer(this: unknown, path: PathInput, options: PathOptions | undefined, fn: AnyHandler): VeloxLayer | undefined {
	return construct(VeloxLayer, [path, options || {}, fn], new.target, this);
} as LayerConstructor;
Layer.prototype = VeloxLayer.prototype;

export = Layer;
