// Builds the server into dist (bundle.mjs). The db package's SQL migrations are copied to
// dist/migrations, where server.ts looks for them.
import { cp, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { bundleServer } from "./bundle.mjs";

const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const dist = here("./dist");

await rm(dist, { recursive: true, force: true });
await bundleServer(dist);
await cp(here("../../packages/db/migrations"), `${dist}/migrations`, { recursive: true });
console.log("Built apps/server/dist/server.js");
