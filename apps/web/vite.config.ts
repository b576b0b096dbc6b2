import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";

/**
 * Writes file.br and file.gz beside each built text file: the server (@fastify/static, preCompressed)
 * sends them to browsers that accept them, which makes the home page's JavaScript about a third of its
 * size on the wire, at no cost per request.
 */
function precompress(): Plugin {
  let outDir = "dist";
  return {
    name: "toolshop-precompress",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((name) => /\.(js|css|html|svg|json)$/.test(name));
      for (const name of files) {
        const path = join(outDir, name);
        const content = await readFile(path);
        if (content.length < 1024) continue;
        await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
        await writeFile(
          `${path}.br`,
          brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
      }
    },
  };
}

// In development the API server runs beside Vite; in production it serves the built app itself.
const API_SERVER = "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  server: {
    proxy: {
      "/api": API_SERVER,
      "/uploads": API_SERVER,
    },
  },
  build: {
    // Hashed file names under assets/ are what the server caches for a year.
    assetsDir: "assets",
    sourcemap: false,
    // A browser without module preloading still works, only without the early download; the polyfill
    // would cost every visitor its bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the first page needs in one file: left to itself Rolldown splits React, the
          // JSX runtime and a few small shared modules into separate chunks, which costs the home page
          // extra requests and about 2 KB of gzip.
          groups: [{ name: "app", tags: ["$initial"] }],
        },
      },
    },
  },
});
