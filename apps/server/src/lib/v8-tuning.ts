// V8 settings for the server process, set before it serves anything: server.ts imports this, and only
// then loads the shop (main.ts) and the packages it imports (bundle.mjs keeps the two apart).
// Decision 0021: V8 guesses, per allocation site, whether its objects will live long, and once it
// guesses so allocates them straight into the old generation. Under load it guessed so for the rows
// node-postgres parses, which live for one request: the old generation then filled with them, the
// young one kept every string they point at, and a full collection ran about once a second, each a
// stall of 20-30 ms for every request in flight. Without the guess they die young, as they should.
import { setFlagsFromString } from "node:v8";

/** The flags, as `node` would take them on its command line. */
export const V8_FLAGS = ["--no-allocation-site-pretenuring"] as const;

for (const flag of V8_FLAGS) setFlagsFromString(flag);

// Decision 0028: the young generation keeps its first size (semi-spaces of 1 MB) until server.ts knows
// the database. On PGlite it stays so: requests there are answered one at a time, so a scavenge finds
// little alive, and the 32 MB that loading the packages grew it to were 40 MB of the laptop's peak.
// Only settable here: V8 raises a growth factor under 2 given on the command line to 2.
setFlagsFromString("--semi-space-growth-factor=1");

/** On PostgreSQL: the young generation grows again, up to HEAP_FLAGS' two semi-spaces of 16 MB. */
export function letTheYoungGenerationGrow(): void {
  setFlagsFromString("--semi-space-growth-factor=2");
}
