/**
 * `symlinks: 'within-root'` (beyond Express 4): a path below the root is
 * served only when its real path, every symbolic link resolved, is inside the
 * root's own real path. Security: where others can create links in the root
 * (unpacked archives, uploads), `public/link -> ../secret` would otherwise
 * serve the secret. A path that leaves the root reads as a missing file.
 *
 * Both real paths are resolved per request (the root's too, so a root that is
 * itself a link, switched by a deployment, is followed at once). The engine
 * then reads the file at the real path it checked, not through the links again.
 */
import { realpath } from 'fs';
import { sep } from 'path';
import { veloxErrorWith } from '../errors';

type RealPathCallback = (err: NodeJS.ErrnoException | null, realPath: string) => void;

function isInside(realPath: string, realRoot: string): boolean {
	if (realPath === realRoot) return true;
	const prefix = realRoot.endsWith(sep) ? realRoot : realRoot + sep;
	return realPath.startsWith(prefix);
}

/** The refusal: a missing file (`ENOENT`, 404) as the engine and apps already treat one. */
function outsideRoot(path: string): NodeJS.ErrnoException {
	return veloxErrorWith('VELOX_ERR_FILE_OUTSIDE_ROOT', [path], { syscall: 'realpath', path });
}

/**
 * Calls back with the real path of `path` when it is inside the real path of `root`;
 * otherwise with the file system's error (a missing file) or an `ENOENT` refusal.
 */
export function realPathWithinRoot(path: string, root: string, callback: RealPathCallback): void {
	let pending = 2;
	let realPath = '';
	let realRoot = '';
	let fileError: NodeJS.ErrnoException | null = null;
	let rootError: NodeJS.ErrnoException | null = null;
	const settle = (): void => {
		if (--pending !== 0) return;
		if (fileError !== null) callback(fileError, '');
		else if (rootError !== null) callback(rootError, '');
		else if (isInside(realPath, realRoot)) callback(null, realPath);
		else callback(outsideRoot(path), '');
	};
	realpath.native(path, (err, resolved) => {
		if (err !== null) fileError = err;
		else realPath = resolved;
		settle();
	});
	realpath.native(root, (err, resolved) => {
		if (err !== null) rootError = err;
		else realRoot = resolved;
		settle();
	});
}
