// Bundles the server into dist/server.js. The workspace packages (@toolshop/*, consumed as TypeScript
// source) are bundled in; every other package stays an import resolved from node_modules at run time.
// The db package's SQL migrations are copied to dist/migrations, where server.ts looks for them.
import { cp, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here("./dist");

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

await rm(dist, { recursive: true, force: true });
await build({
  entryPoints: [here("./src/server.ts")],
  outfile: `${dist}/server.js`,
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  sourcemap: "linked",
  plugins: [externalDependencies],
  logLevel: "warning",
});
await cp(here("../../packages/db/migrations"), `${dist}/migrations`, { recursive: true });
console.log("Built apps/server/dist/server.js");
