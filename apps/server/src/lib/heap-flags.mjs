// Flags for `node` itself that the server is started with (decision 0022): `npm start`, the container's
// CMD, the test launchers and the benchmarks all pass these, and heap-flags.test.ts and
// deploy/dockerfile.test.ts hold package.json and the Dockerfile to this list. V8 sizes its heap when
// the process starts, so unlike v8-tuning.ts's flags these cannot be set from inside the server. Plain
// JavaScript (with heap-flags.d.mts beside it), so the plain-node launchers import it as the
// TypeScript suites do.

/**
 * V8 13 (Node 24) sizes the young generation from the machine's memory: on a 24 GB machine it grew to
 * 64-128 MB where V8 11 (Node 20) keeps 32 MB (two semi-spaces of 16 MB), and it lets the old
 * generation grow far before its first full collection. The server's RSS was about 400 MB at rest on
 * Node 24 against 165 MB on Node 20. These give Node 24 Node 20's young generation, the one every
 * figure in bench/results was measured with, and a small old generation to start from (not a cap).
 * On Node 20 the semi-space size is the default already.
 */
export const HEAP_FLAGS = ["--max-semi-space-size=16", "--initial-old-space-size=64"];
