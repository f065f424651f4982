// Placeholder until the file-sending engine lands (issue 5); that work replaces this file.
import mime from 'mime';

function serveStatic(_root: string, _options?: unknown): never {
	throw new Error('velox.static is not implemented yet');
}
serveStatic.mime = mime;
export default serveStatic;
