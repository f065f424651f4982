'use strict';
// The load generator process (pinned to its own core by the parent). Receives one job at a time
// over IPC, runs autocannon against the server, and reads the server's CPU time from /proc right
// before and right after the load so the CPU window is the load window.

const autocannon = require('autocannon');
const { cpuSeconds } = require('./proc');

process.on('disconnect', () => process.exit(0));

process.on('message', (job) => {
  const cpuBefore = cpuSeconds(job.serverPid);
  const started = process.hrtime.bigint();
  autocannon(
    {
      url: job.url,
      method: job.method,
      headers: job.headers,
      body: job.body,
      connections: job.connections,
      pipelining: 1,
      duration: job.duration,
    },
    (error, result) => {
      const cpuAfter = cpuSeconds(job.serverPid);
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      if (error) {
        process.send({ error: error.message });
        return;
      }
      const requests = result.requests.total;
      process.send({
        requests,
        seconds,
        errors: result.errors + result.timeouts,
        non2xx: result.non2xx,
        latencyP99: result.latency.p99,
        serverCpu: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
      });
    },
  );
});
