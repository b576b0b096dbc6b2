// The server's bundle (decision 0001): the workspace sources it imports (@toolshop/*, consumed as
// TypeScript source) bundled in; every other package stays an import resolved from node_modules at run
// time. Split in two (decision 0028): server.js, the entry, which makes the V8 settings and then
// imports main.js, the shop, with every package. An ES module's imports are all loaded before its own
// code runs, so one file would load every package first. Chunks stay beside them in the one folder:
// the code finds the migrations and the web app relative to its own file.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Bare imports other than the workspace's own packages are external. */
const externalDependencies = {
  name: "external-dependencies",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@toolshop/")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Writes server.js, main.js and their shared chunk (with source maps) to `outdir`. `plugins` run first:
 * the benchmarks swap source files with them.
 */
export async function bundleServer(outdir, { plugins = [] } = {}) {
  await build({
    entryPoints: { server: here("./src/server.ts"), main: here("./src/main.ts") },
    outdir,
    chunkNames: "[name]-[hash]",
    bundle: true,
    splitting: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    plugins: [...plugins, externalDependencies],
    logLevel: "warning",
  });
}
