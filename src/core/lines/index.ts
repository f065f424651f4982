/**
 * The line policy in force: Express 4's or Express 5's rows (lines/policy.ts), chosen by the build
 * (src/line.ts) unless `useLine` chose before the core read it. Each core module reads its rows
 * once, as it loads; so the line is one per process, as an installed package is one line.
 */
import { LINE } from '../../line';
import { veloxError } from '../errors';
import { express4 } from './express4';
import { express5 } from './express5';
import { recordingPolicy, reportAtExit } from './migration';
import type { LinePolicy } from './policy';

// The migration report (lines/migration.ts, docs/migration-report.md), read once as Velox loads.
const migrationSetting = process.env.VELOX_MIGRATION_REPORT;
const reporting = migrationSetting !== undefined && migrationSetting !== '' && migrationSetting !== '0' && migrationSetting !== 'false';

let chosen: LinePolicy | undefined;
let read = false;

/** The policy in force; the first call fixes it. */
export function linePolicy(): LinePolicy {
	read = true;
	if (chosen === undefined) chosen = LINE === 5 ? express5 : reporting ? recording() : express4;
	return chosen;
}

/**
 * Puts a line's policy in force, before any core module has read it (the tests of Velox 5 run the
 * repository's build, which is Velox 4's). Throws once the core has read another line's.
 */
export function useLine(line: 4 | 5): void {
	const policy = line === 5 ? express5 : reporting ? recording() : express4;
	if (read && chosen !== policy) throw veloxError('VELOX_ERR_LINE_IN_FORCE', chosen?.line, line);
	chosen = policy;
}

let recorder: LinePolicy | undefined;

/** Line 4's recording policy, made once; the report is written at exit. */
function recording(): LinePolicy {
	if (recorder === undefined) {
		recorder = recordingPolicy();
		reportAtExit(migrationSetting as string);
	}
	return recorder;
}
