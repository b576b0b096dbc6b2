import { createRequire } from "node:module";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { homePreloads } from "./vite-plugins/home-preloads.ts";
import { precompress } from "./vite-plugins/precompress.ts";

// In development the API server runs beside Vite; in production it serves the built app itself.
const API_SERVER = "http://127.0.0.1:3000";

// React Router's package resolves to its development build, which differs from its production twin
// in one flag: dev warnings on, whose checks and messages run on every render of the routes. A build
// takes the production twin; the development server keeps the warnings.
const reactRouterProduction = createRequire(import.meta.url)
  .resolve("react-router")
  .replace(/[/\\]dist[/\\]development[/\\]/, "/dist/production/");

export default defineConfig(({ command }) => ({
  plugins: [react(), tailwindcss(), homePreloads(), precompress()],
  resolve:
    command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
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
}));
