/**
 * `require('express/lib/router/layer')` with Velox installed as `express`:
 * the Layer whose prototype Velox's routers and routes use. Patches such as
 * `Layer.prototype.handle_request = …` take effect; express-async-errors'
 * `handle` accessor on the prototype is shadowed by each layer's own `handle`
 * (harmless: Velox already sends a rejected promise to `next(err)`).
 */
import { AnyHandler, Layer as VeloxLayer } from '../../router/layer';
import type { PathInput, PathOptions } from '../../router/matcher';
interface LayerConstructor {
    new (path: PathInput, options: PathOptions | undefined, fn: AnyHandler): VeloxLayer;
    (path: PathInput, options: PathOptions | undefined, fn: AnyHandler): VeloxLayer;
    prototype: VeloxLayer;
}
declare const Layer: LayerConstructor;
export = Layer;
