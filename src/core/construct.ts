/**
 * Express 4's constructors (Layer, View) are plain functions: real packages
 * call them without `new` (`Layer(path, options, fn)`) or from function-style
 * subclasses (`View.call(this, name, options)` after `util.inherits`). Velox's
 * are classes, which throw on both. The deep-path modules export a function
 * that shares the class's prototype (so `Layer.prototype.x = …` patches the
 * object Velox's router really uses, and `instanceof` holds both ways) and
 * builds through the class in every calling style.
 */

type Constructor<T extends object, A extends unknown[]> = new (...args: A) => T;

/**
 * Builds an instance of `Class` the way the calling style asks:
 * `new F()` / `class extends F` (`newTarget` set): constructed with that target's prototype;
 * `F.call(self)` on an instance (function-style subclass): the instance is initialized in place;
 * `F()`: a new instance, as Express's `if (!(this instanceof Layer)) return new Layer(…)`.
 */
export function construct<T extends object, A extends unknown[]>(
	Class: Constructor<T, A>,
	args: A,
	newTarget: Function | undefined,
	self: unknown,
): T | undefined {
	if (newTarget !== undefined) return Reflect.construct(Class, args, newTarget) as T;
	if (self instanceof Class) {
		// The class runs with the subclass's prototype (its overridden methods, as
		// Express's constructor would see them), then its fields move onto `self`.
		const target = function target(): void {};
		target.prototype = Object.getPrototypeOf(self);
		const built = Reflect.construct(Class, args, target) as T;
		Object.defineProperties(self, Object.getOwnPropertyDescriptors(built));
		return undefined;
	}
	return new Class(...args);
}
