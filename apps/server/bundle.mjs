// The server's bundle (decision 0001): the workspace sources it imports (@toolshop/*, consumed as
// TypeScript source) bundled in; every other package stays an import resolved from node_modules at run
// time. The code finds the migrations and the web app relative to its own file.
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/**
 * Bare imports other than the workspace's own packages are external; a package's stylesheet (a web
 * component's, such as the chart's) is resolved so that the empty loader below drops it.
 */
const externalDependencies = {
  name: "external-dependencies",
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("@toolshop/") || args.path.endsWith(".css")) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Writes server.js and worker.js (with their source maps) to `outdir`. `plugins` run first: the
 * benchmarks swap source files with them.
 */
export async function bundleServer(outdir, { plugins = [] } = {}) {
  await build({
    // The worker (npm run worker) is a bundle of its own beside the server's: both find the migrations
    // and the web app relative to their own file, in the same folder.
    entryPoints: { server: here("./src/server.ts"), worker: here("./src/worker.ts") },
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: "linked",
    // The storefront renders the web app's React components (@toolshop/web/server-render, decision
    // 0047): their JSX, and what Vite would have put in import.meta.env for a production build.
    jsx: "automatic",
    define: { "import.meta.env.DEV": "false", "import.meta.env.PROD": "true" },
    // Styles are the browser's: Vite builds them; the server renders markup only.
    loader: { ".css": "empty" },
    plugins: [...plugins, externalDependencies],
    logLevel: "warning",
  });
}
