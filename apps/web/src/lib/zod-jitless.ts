// zod compiles object parsers with `new Function` unless its config says `jitless`, and probes whether
// it may the first time it parses an object. The shop's Content Security Policy has no 'unsafe-eval':
// the probe fails quietly, but the browser reports a violation (Lighthouse's Best Practices counts it).
// zod keeps its config in `globalThis.__zod_globalConfig` (zod/v4/core/core.js) and takes the object
// found there when it loads. Set here, first thing in main.tsx, it costs the first screen no zod at
// all: importing zod's own `config` kept 10 kB of zod's core in the entry chunk, which the pages that
// validate share (zod-jitless.test.ts proves zod reads it). The server keeps the JIT.
type WithZodConfig = typeof globalThis & { __zod_globalConfig?: { jitless?: boolean } };

const holder = globalThis as WithZodConfig;
// The same object if zod came first (it holds on to it), a new one for zod to find otherwise.
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });
