/**
 * A self-signed certificate for localhost / 127.0.0.1 made by openssl for one run (TLS tests skip
 * with NO_OPENSSL's message where openssl is missing).
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const hasOpenssl = spawnSync('openssl', ['version']).status === 0;
export const NO_OPENSSL = hasOpenssl ? false : 'openssl is not installed: no self-signed certificate can be generated';

/** A key and self-signed certificate for localhost / 127.0.0.1, made now and removed from disk at once. */
export function selfSigned(): { key: Buffer; cert: Buffer } {
	const directory = mkdtempSync(join(tmpdir(), 'velox-h2-'));
	try {
		const result = spawnSync(
			'openssl',
			[
				'req',
				'-x509',
				'-newkey',
				'rsa:2048',
				'-nodes',
				'-subj',
				'/CN=localhost',
				'-addext',
				'subjectAltName=DNS:localhost,IP:127.0.0.1',
				'-days',
				'1',
				'-keyout',
				join(directory, 'key.pem'),
				'-out',
				join(directory, 'cert.pem'),
			],
			{ encoding: 'utf8' },
		);
		assert.equal(result.status, 0, result.stderr);
		return { key: readFileSync(join(directory, 'key.pem')), cert: readFileSync(join(directory, 'cert.pem')) };
	} finally {
		rmSync(directory, { recursive: true, force: true });
	}
}
