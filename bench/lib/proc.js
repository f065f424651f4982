// Reading a process's CPU time and memory from /proc (Linux). Elsewhere these return null and
// the report shows "–" for the CPU-second figures.

const fs = require('node:fs');
const { execFileSync } = require('node:child_process');

let ticksPerSecond = null;

function clockTicks() {
	if (ticksPerSecond === null) {
		try {
			ticksPerSecond = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
		} catch {
			ticksPerSecond = 100;
		}
	}
	return ticksPerSecond;
}

/** User + system CPU seconds used so far by all threads of `pid`, or null. */
function cpuSeconds(pid) {
	try {
		const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
		// The command name (field 2) may contain spaces: fields are counted from after its ')'.
		const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
		const utime = Number(fields[11]);
		const stime = Number(fields[12]);
		return (utime + stime) / clockTicks();
	} catch {
		return null;
	}
}

/** Resident set size of `pid` in bytes, or null. */
function rssBytes(pid) {
	try {
		const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
		const match = /^VmRSS:\s+(\d+) kB/m.exec(status);
		return match ? Number(match[1]) * 1024 : null;
	} catch {
		return null;
	}
}

/**
 * Seconds core `core` spent running processes (user, nice, system, steal) since boot, or null.
 * irq/softirq are left out: loopback packet processing for the server's own traffic lands there.
 */
function coreBusySeconds(core) {
	try {
		const stat = fs.readFileSync('/proc/stat', 'utf8');
		const line = stat.split('\n').find((text) => text.startsWith(`cpu${core} `));
		if (line === undefined) return null;
		const [user, nice, system, , , , , steal] = line.trim().split(/\s+/).slice(1).map(Number);
		return (user + nice + system + (steal || 0)) / clockTicks();
	} catch {
		return null;
	}
}

/**
 * Snapshot before a load window; `finish()` after it gives the server's CPU seconds and the CPU
 * seconds other processes took on the server's core — the sign that a figure was measured on a
 * busy machine.
 */
function startWindow(serverPid, serverCore) {
	const cpuBefore = cpuSeconds(serverPid);
	const coreBefore = typeof serverCore !== 'number' ? null : coreBusySeconds(serverCore);
	return () => {
		const cpuAfter = cpuSeconds(serverPid);
		const coreAfter = typeof serverCore !== 'number' ? null : coreBusySeconds(serverCore);
		const serverCpu = cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore;
		const otherCpu = serverCpu === null || coreBefore === null || coreAfter === null ? null : Math.max(0, coreAfter - coreBefore - serverCpu);
		return { serverCpu, otherCpu };
	};
}

module.exports = { cpuSeconds, rssBytes, clockTicks, startWindow };
