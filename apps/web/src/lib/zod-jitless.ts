import type { $ZodConfig } from "zod/v4/core";

// zod compiles object parsers with `new Function` unless its config says `jitless`, and probes whether
// it may the first time it parses an object. The shop's Content Security Policy has no 'unsafe-eval':
// the probe fails quietly, but the browser reports a violation (Lighthouse's Best Practices counts it).
// `z.config({ jitless: true })` would put zod's core into the home page's bundle (3.7 KB gzipped);
// zod keeps that config in `globalThis.__zod_globalConfig` (shared by every copy of zod) and adopts an
// object already there, so this sets it without importing zod. Imported first by main.tsx; the server
// keeps the JIT.
declare global {
  var __zod_globalConfig: $ZodConfig | undefined;
}

globalThis.__zod_globalConfig ??= {};
globalThis.__zod_globalConfig.jitless = true;
