import type { Plugin, Rollup } from "vite";

/** Served for every client route but `/` (see apps/server/src/plugins/web-app.ts): the empty page. */
const APP_SHELL_FILE = "app-shell.html";
const EMPTY_ROOT = '<div id="root"></div>';
const ENTRY_SCRIPT = '<script type="module"';
const HOME_PAGE_MODULE = "/src/app/routes/home-page.tsx";

/**
 * index.html is the document of `/`, into whose #root the server renders the home page with React
 * (apps/server/src/features/storefront, docs/decisions/0047). It gets module preloads for the home
 * page's lazy chunk, so the browser fetches it beside the entry instead of after it, and that page's
 * JS is fetched at low priority: the CSS and the hero image come first, as nothing waits for the JS to
 * paint (docs/decisions/0003). The page as Vite built it becomes app-shell.html, the document of
 * every other page.
 */
export function homePreloads(): Plugin {
  let base = "/";
  return {
    name: "toolshop-home-preloads",
    apply: "build",
    // After Vite's own HTML plugin has put index.html in the bundle.
    enforce: "post",
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle["index.html"];
      if (index?.type !== "asset" || !String(index.source).includes(EMPTY_ROOT)) {
        this.error(`index.html with ${EMPTY_ROOT} is missing from the bundle`);
      }
      const shell = String(index.source);
      this.emitFile({ type: "asset", fileName: APP_SHELL_FILE, source: shell });
      const preloads = homePageChunks(bundle)
        .map((file) => `<link rel="modulepreload" fetchpriority="low" crossorigin href="${base}${file}">`)
        .join("\n    ");
      // Replacer functions, so that a "$" in the markup is not read as a replacement pattern.
      index.source = shell
        .replace(ENTRY_SCRIPT, () => `${ENTRY_SCRIPT} fetchpriority="low"`)
        .replace("</head>", () => `  ${preloads}\n  </head>`);
    },
  };
}

/** The home page's chunk and the chunks it imports statically, the entry (already loading) aside. */
function homePageChunks(bundle: Rollup.OutputBundle): string[] {
  const chunks = Object.values(bundle).filter((file) => file.type === "chunk");
  const home = chunks.find((chunk) => chunk.facadeModuleId?.endsWith(HOME_PAGE_MODULE));
  if (!home) throw new Error(`no chunk for ${HOME_PAGE_MODULE}`);
  const entries = new Set(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const found = new Set<string>();
  const visit = (fileName: string) => {
    if (found.has(fileName) || entries.has(fileName)) return;
    found.add(fileName);
    for (const imported of (bundle[fileName] as Rollup.OutputChunk).imports) visit(imported);
  };
  visit(home.fileName);
  return [...found];
}
