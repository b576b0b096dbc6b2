// V8 settings for the server process, set before it serves anything (server.ts imports this first).
// Decision 0021: V8 guesses, per allocation site, whether its objects will live long, and once it
// guesses so allocates them straight into the old generation. Under load it guessed so for the rows
// node-postgres parses, which live for one request: the old generation then filled with them, the
// young one kept every string they point at, and a full collection ran about once a second, each a
// stall of 20-30 ms for every request in flight. Without the guess they die young, as they should.
import { setFlagsFromString } from "node:v8";

/** The flags, as `node` would take them on its command line. */
export const V8_FLAGS = ["--no-allocation-site-pretenuring"] as const;

for (const flag of V8_FLAGS) setFlagsFromString(flag);
