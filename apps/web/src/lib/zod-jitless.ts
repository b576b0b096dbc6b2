import { config } from "zod/v4/core";

// zod compiles object parsers with `new Function` unless its config says `jitless`, and probes whether
// it may the first time it parses an object. The shop's Content Security Policy has no 'unsafe-eval':
// the probe fails quietly, but the browser reports a violation (Lighthouse's Best Practices counts it).
// zod's own `config` from its core costs under 200 bytes gzipped here (the `z` namespace would bring the
// whole library into the home page's bundle). Imported first by main.tsx; the server keeps the JIT.
config({ jitless: true });
