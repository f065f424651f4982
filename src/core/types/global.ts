/**
 * The global `Express` namespace that @types/express's objects extend, and
 * that middleware typings augment (`req.session` from @types/express-session,
 * `req.file` from @types/multer, `req.user` from @types/passport). Velox's
 * request, response and application extend the same interfaces, so those
 * augmentations appear on Velox's handlers too. Declared here so they exist
 * without @types/express; the declarations merge with its own.
 */
declare global {
	namespace Express {
		interface Request {}
		interface Response {}
		interface Locals {}
		interface Application {}
	}
}

export {};
