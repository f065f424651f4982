/**
 * `require('express/lib/view')`: Velox's View (the default `view` setting)
 * behind a function that also works without `new` and from function-style
 * subclasses (`View.call(this, name, options)`, as kraken-style view lookups do).
 * `class MyView extends View` works as well; the prototype is the real one.
 */
import { View as VeloxView, ViewOptions } from '../view';
interface ViewConstructor {
    new (name: unknown, options: ViewOptions): VeloxView;
    (name: unknown, options: ViewOptions): VeloxView;
    prototype: VeloxView;
}
declare const View: ViewConstructor;
export = View;
