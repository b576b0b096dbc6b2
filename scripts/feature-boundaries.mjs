// The features' boundaries (docs/architecture.md, "Boundaries"): a file in src/features/<a>/ reaches
// another feature only through that feature's public files, and reaches outside src/features only the
// shared layers. Biome's noRestrictedImports matches import strings, not the files they resolve to, so
// it cannot tell `../auth/use-session` in cart/ from `../use-session` in auth/components/; this walks
// the files and resolves each relative import instead. scripts/feature-boundaries.test.mjs runs it.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * What every feature of the server shows the others, and what each one adds (with why). A name is a
 * path inside the feature without its extension; `*` matches within one path segment, `**` any depth.
 */
export const SERVER_RULES = {
  layers: ["lib/**", "plugins/**", "policy/**", "env"],
  testLayers: ["testing/**", "resilience/support/**"],
  everyFeature: ["service"],
  everyFeatureInTests: ["test-fixtures", "fake-*"],
  features: {
    // What every order-touching feature runs with (OrdersContext, Actor) and the order's API view.
    orders: ["context", "dto", "row-types", "place-order", "customer-mails"],
    // The mail queue: every feature that mails queues its mails there (features/jobs/plugin.ts wires it).
    jobs: ["mail-queue", "queue"],
    // Issued in the payment's and the refund's own transaction; the order's view lists its documents.
    invoices: ["issue", "documents", "settings"],
    // Per-day sales kept by payments and refunds in their own transaction (decision 0048).
    overview: ["sales"],
    // The PaymentGateway interface, and the test gateway's one-statement settlement (decision 0032).
    payments: ["gateway", "test-gateway"],
    reviews: ["tool-reviews"],
    // The search, and the SKUs by which order, cart and quote lines may name their tools (0056); the
    // comparison, which the storefront's /compare page renders on the server (0061).
    tools: ["search", "skus", "compare"],
    // The tree in memory: the tools' answers show each one's path, the search widens to sub-categories.
    categories: ["tree"],
    // Every change that puts units on a shelf mails the waiting stock alerts in its transaction (0059).
    "stock-alerts": ["restock", "restock-mailer"],
    // A tool's specifications in every tools answer (0060).
    // A value checked by its attribute: the PUT of values and the catalogue CSV's attr: columns (0062).
    attributes: ["tool-attributes", "values"],
  },
  featuresInTests: {
    // The Stripe gateway's and the invoice mails' tests drive the order operations themselves.
    orders: ["payment", "refunds"],
    // The orders export's test writes an issued invoice's row itself.
    invoices: ["series"],
    payments: ["stripe-gateway"],
    // The tool media's tests store real files and build multipart uploads as the uploads' own tests do.
    uploads: ["storage", "test-images"],
  },
};

/** The same for the web app: each feature's api/ folder is public, its test/ folder to tests. */
export const WEB_RULES = {
  layers: ["components/**", "lib/**"],
  testLayers: ["test/**"],
  // A product that does not exist shows the app's own not-found page.
  extraLayers: { "storefront/components/product-screen": ["app/routes/not-found-page"] },
  everyFeature: ["api/**"],
  everyFeatureInTests: ["test/**"],
  features: {
    auth: ["use-session"],
    // The tree's walks: the storefront's filter, the product form's select, the tools page's crumbs.
    categories: ["category-tree"],
    cart: ["components/add-to-cart-button", "components/add-to-cart-form"],
    // A sold-out tool's page asks for a mail when it is back (decision 0059).
    "stock-alerts": ["components/stock-alert-form"],
    orders: ["checkout-messages", "delivery-details"],
    profile: ["use-saved-details"],
    quotes: ["components/ask-for-quote"],
    // The checkouts offer the shipping methods with their charges (decision 0067).
    shipping: ["components/shipping-choice"],
    tools: [
      "stock",
      "list-location",
      "use-tool-filters",
      "components/low-stock-badge",
      "components/tool-picture",
      "components/tool-quantities",
    ],
  },
  featuresInTests: {},
};

const SOURCE = /\.(ts|tsx|mts|mjs)$/;
const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)["']([^"']+)["']/gm;

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith(".d.ts"))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The relative imports of a file's text: static, dynamic and re-exports. */
export function importsOf(text) {
  return [...text.matchAll(IMPORT)].map((match) => match[1]).filter((spec) => spec.startsWith("."));
}

function matches(pattern, name) {
  const regex = pattern
    .split("**")
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, "\\$&").replaceAll("*", "[^/]*"))
    .join(".*");
  return new RegExp(`^${regex}$`).test(name);
}

const withoutExtension = (file) => file.replace(/(\.d)?\.(ts|tsx|mts|mjs|js)$/, "");
const posix = (file) => file.split(path.sep).join("/");

/** A test, or a file only tests use (test-fixtures.ts, fake-stripe.ts, a test/ folder). */
function isTestCode(name) {
  return /(^|\/)(test|testing)\//.test(name) || /\.test$|(^|\/)test-fixtures$|(^|\/)fake-[^/]*$/.test(name);
}

/** Every module of `srcDir` (relative, without extension) with the modules it imports. */
function importGraph(srcDir) {
  const graph = new Map();
  for (const file of sourceFiles(srcDir)) {
    const module = posix(withoutExtension(path.relative(srcDir, file)));
    const targets = importsOf(readFileSync(file, "utf8")).map((spec) =>
      posix(withoutExtension(path.relative(srcDir, path.resolve(path.dirname(file), spec)))),
    );
    graph.set(module, targets);
  }
  return graph;
}

/**
 * Test code: tests, test folders, test-fixtures and fake-* files, and any module that only test code
 * imports (a test's helper whatever its name).
 */
function testModules(graph) {
  const tests = new Set([...graph.keys()].filter(isTestCode));
  const importers = new Map();
  for (const [module, targets] of graph) {
    for (const target of targets) importers.set(target, [...(importers.get(target) ?? []), module]);
  }
  for (let grown = true; grown; ) {
    grown = false;
    for (const [module, by] of importers) {
      if (graph.has(module) && !tests.has(module) && by.every((importer) => tests.has(importer))) {
        tests.add(module);
        grown = true;
      }
    }
  }
  return tests;
}

/**
 * Every import of `srcDir/features/**` that crosses a boundary `rules` do not allow, as
 * "importer -> target" (both relative to srcDir, without extensions).
 */
export function boundaryViolations(srcDir, rules) {
  const graph = importGraph(srcDir);
  const tests = testModules(graph);
  const violations = [];
  for (const [importer, targets] of graph) {
    const [top, feature] = importer.split("/");
    if (top !== "features") continue;
    for (const target of targets) {
      if (!allowed(rules, importer, feature, tests.has(importer), target)) {
        violations.push(`${importer} -> ${target}`);
      }
    }
  }
  return violations.sort();
}

function allowed(rules, importer, feature, inTests, target) {
  if (target.startsWith("..")) return true; // another workspace's file (tests' fixtures): not a feature
  const [top, targetFeature, ...rest] = target.split("/");
  if (top !== "features") {
    const layers = [
      ...rules.layers,
      ...(inTests ? rules.testLayers : []),
      ...(rules.extraLayers?.[importer.replace(/^features\//, "")] ?? []),
    ];
    return layers.some((pattern) => matches(pattern, target));
  }
  if (targetFeature === feature) return true;
  const inside = rest.join("/");
  const publicFiles = [
    ...rules.everyFeature,
    ...(rules.features[targetFeature] ?? []),
    ...(inTests ? [...rules.everyFeatureInTests, ...(rules.featuresInTests[targetFeature] ?? [])] : []),
  ];
  return publicFiles.some((pattern) => matches(pattern, inside));
}
