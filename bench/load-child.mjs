// Runs autocannon in its own process (so the load generator does not share the gateway's event loop)
// and prints its result as JSON. Usage: node bench/load-child.mjs '<autocannon options as JSON>'
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2]);
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
  }),
);
