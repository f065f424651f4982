/**
 * `require('express/lib/view')`: Velox's View (the default `view` setting)
 * behind a function that also works without `new` and from function-style
 * subclasses (`View.call(this, name, options)`, as kraken-style view lookups do).
 * `class MyView extends View` works as well; the prototype is the real one.
 */
import { View as VeloxView, type ViewOptions } from './core/view';
import { construct } from './core/construct';

interface ViewConstructor {
	new (name: unknown, options: ViewOptions): VeloxView;
	(name: unknown, options: ViewOptions): VeloxView;
	prototype: VeloxView;
}

const View = function View(this: unknown, name: unknown, options: ViewOptions): VeloxView | undefined {
	return construct(VeloxView, [name, options], new.target, this);
} as ViewConstructor;
View.prototype = VeloxView.prototype;

export = View;
