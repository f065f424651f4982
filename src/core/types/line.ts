/**
 * Which Express line's declarations are in force, the one place the published types differ between
 * Velox 4 and Velox 5 (docs/lines.md, "Velox 5's types"). The repository builds Velox 4: `4` here.
 * Velox 5's package is the same build with this declaration written as `5` (scripts/pack-line.js,
 * `writeLineTypes`), as its lib/line.js says 5.
 *
 * The declarations that differ choose by it through the names below, each resolved when the
 * declarations are read (`VeloxLine` is not a type parameter), so on each line they are plain
 * types: Velox 4's are those of @types/express@4, Velox 5's a superset of @types/express@5.
 */
// A script, not a module: Velox's declaration of the module express-serve-static-core (docs/design.md, Public types).
declare module 'express-serve-static-core' {
	/** The line: 4 (Velox 4, the Express 4 interface) or 5 (Velox 5, the Express 5 interface). */
	type VeloxLine = 4;

	/** `T` on Velox 4; on Velox 5 `never`, for an overload Express 5 removed (a parameter no argument fits). */
	type Line4Only<T> = VeloxLine extends 5 ? never : T;

	/** `Express4` on Velox 4, `Express5` on Velox 5. */
	type ByLine<Express4, Express5> = VeloxLine extends 5 ? Express5 : Express4;
}
