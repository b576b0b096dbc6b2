// The container files, checked without a Docker daemon: the Dockerfile copies what exists (and what the
// build context keeps), refers to stages it defines, installs every workspace, runs as an unprivileged
// user with a health check; compose.yaml parses, and its shop environment is one the server accepts.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { loadConfig } from "../env";
import { START_NODE_FLAGS } from "../testing/launch-server.mjs";

const root = fileURLToPath(new URL("../../../../", import.meta.url));
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

interface Instruction {
  keyword: string;
  /** The arguments' text, continuation lines joined. */
  text: string;
  /** Options such as --from=build, by name. */
  flags: Record<string, string>;
  /** The arguments after the options; a JSON array (exec form) is unpacked. */
  args: string[];
  line: number;
}

interface Stage {
  name: string | undefined;
  base: string;
  instructions: Instruction[];
}

/** Enough of the Dockerfile syntax for these files: comments, `\` continuations, options, exec form. */
function parseDockerfile(source: string): { stages: Stage[]; globalArgs: string[] } {
  const instructions: Instruction[] = [];
  const lines = source.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i]?.trim() ?? "";
    if (text === "" || text.startsWith("#")) continue;
    while (text.endsWith("\\") && i + 1 < lines.length) {
      i++;
      const next = lines[i]?.trim() ?? "";
      if (next.startsWith("#")) continue;
      text = `${text.slice(0, -1).trimEnd()} ${next}`;
    }
    const [keyword = "", ...rest] = text.split(/\s+/);
    const argsText = text.slice(keyword.length).trim();
    const flags: Record<string, string> = {};
    let remaining = argsText;
    for (const word of rest) {
      const flag = /^--([a-z-]+)(?:=(.*))?$/.exec(word);
      if (!flag) break;
      flags[flag[1] ?? ""] = flag[2] ?? "";
      remaining = remaining.slice(word.length).trimStart();
    }
    // Exec form, also after HEALTHCHECK's CMD.
    const exec = /^(CMD\s+)?(\[.*\])$/.exec(remaining);
    const args = exec
      ? [...(exec[1] ? ["CMD"] : []), ...(JSON.parse(exec[2] ?? "") as string[])]
      : remaining.split(/\s+/);
    instructions.push({ keyword: keyword.toUpperCase(), text: argsText, flags, args, line: start + 1 });
  }
  const stages: Stage[] = [];
  const globalArgs: string[] = [];
  for (const instruction of instructions) {
    if (instruction.keyword === "FROM") {
      const [base = "", as, name] = instruction.args;
      stages.push({ base, name: as?.toUpperCase() === "AS" ? name : undefined, instructions: [] });
    } else if (stages.length === 0) {
      if (instruction.keyword !== "ARG")
        throw new Error(`line ${instruction.line}: only ARG may precede FROM`);
      globalArgs.push((instruction.args[0] ?? "").split("=")[0] ?? "");
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return { stages, globalArgs };
}

/** The workspaces as package.json's globs (apps/*, packages/*) find them. */
function workspaceManifests(): string[] {
  const { workspaces } = JSON.parse(read("package.json")) as { workspaces: string[] };
  return workspaces.flatMap((glob) => {
    const parent = glob.replace(/\/\*$/, "");
    return readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter(
        (entry) => entry.isDirectory() && existsSync(path.join(root, parent, entry.name, "package.json")),
      )
      .map((entry) => `${parent}/${entry.name}/package.json`);
  });
}

const dockerfile = parseDockerfile(read("Dockerfile"));
const { stages } = dockerfile;
const finalStage = stages.at(-1) as Stage;
const stageNames = stages.map((stage) => stage.name).filter(Boolean);
const all = (keyword: string, stage?: Stage) =>
  (stage ? [stage] : stages).flatMap((s) => s.instructions.filter((i) => i.keyword === keyword));
const envOf = (stage: Stage) =>
  Object.fromEntries(
    all("ENV", stage).flatMap((i) => i.args.map((pair) => pair.split("=") as [string, string])),
  );

describe("Dockerfile", () => {
  it("has a build stage and a runtime stage, on a Node the project supports", () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(new Set(stageNames).size).toBe(stageNames.length);
    for (const stage of stages) {
      const image = stage.base.replace(/\$\{?(\w+)\}?/g, (_, name: string) => {
        expect(dockerfile.globalArgs).toContain(name);
        return "24";
      });
      if (!stageNames.includes(stage.base)) expect(image).toMatch(/^node:(20|22|24)[.\w-]*$/);
    }
    expect(all("RUN").some((i) => i.text.includes("npm run build"))).toBe(true);
  });

  it("copies only files that exist and that .dockerignore keeps in the build context", () => {
    const ignored = read(".dockerignore")
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line && !line.startsWith("#") && !line.startsWith("!"));
    const copies = [...all("COPY"), ...all("ADD")].filter((i) => i.flags.from === undefined);
    expect(copies.length).toBeGreaterThan(0);
    for (const copy of copies) {
      const sources = copy.args.slice(0, -1);
      expect(sources.length, `line ${copy.line}`).toBeGreaterThan(0);
      for (const source of sources) {
        expect(existsSync(path.join(root, source)), `line ${copy.line}: ${source}`).toBe(true);
        // A source named in .dockerignore (or inside a folder it names) would be missing from the context.
        const parts = path.normalize(source).split(path.sep);
        const excludedBy = ignored.find((pattern) =>
          parts.some((_, n) => parts.slice(0, n + 1).join("/") === pattern.replace(/\/$/, "")),
        );
        expect(excludedBy, `line ${copy.line}: ${source}`).toBeUndefined();
      }
    }
  });

  it("keeps installed and built files and secrets out of the build context", () => {
    const ignored = read(".dockerignore").split("\n");
    for (const pattern of ["**/node_modules", "**/dist", ".env", ".git", "data"]) {
      expect(ignored).toContain(pattern);
    }
  });

  it("copies from and builds on stages defined before", () => {
    stages.forEach((stage, index) => {
      const earlier = stages.slice(0, index).map((s) => s.name);
      for (const copy of all("COPY", stage).filter((i) => i.flags.from !== undefined)) {
        expect(earlier, `line ${copy.line}`).toContain(copy.flags.from);
      }
      if (stageNames.includes(stage.base)) expect(earlier).toContain(stage.base);
    });
  });

  it("installs from the lockfile with every workspace's package.json, production dependencies only at run time", () => {
    const manifests = workspaceManifests();
    expect(manifests).toContain("apps/server/package.json");
    const installers = stages.filter((stage) => all("RUN", stage).some((i) => /\bnpm ci\b/.test(i.text)));
    expect(installers.length).toBeGreaterThan(0);
    for (const stage of installers) {
      const copied = all("COPY", stage)
        .filter((i) => i.flags.from === undefined)
        .flatMap((i) => i.args.slice(0, -1));
      for (const file of ["package.json", "package-lock.json", ...manifests]) {
        expect(copied, `stage ${stage.name}`).toContain(file);
      }
    }
    // The runtime stage's node_modules: installed there, or copied (with /app or node_modules) from a
    // stage that installed it; either way without devDependencies.
    const nodeModulesSources = all("COPY", finalStage)
      .filter((i) => i.flags.from !== undefined && /^\/app\/?$|node_modules\/?$/.test(i.args[0] ?? ""))
      .map((i) => i.flags.from);
    const runtimeInstall = stages.filter(
      (stage) => stage === finalStage || nodeModulesSources.includes(stage.name),
    );
    const prodInstalls = runtimeInstall.flatMap((stage) =>
      all("RUN", stage).filter((i) => /\bnpm ci\b/.test(i.text)),
    );
    expect(prodInstalls.length).toBeGreaterThan(0);
    for (const install of prodInstalls) expect(install.text).toContain("--omit=dev");
  });

  it("runs the bundle with the built web app beside it", () => {
    const fromBuild = all("COPY", finalStage)
      .filter((i) => i.flags.from !== undefined)
      .map((i) => i.args[0]);
    expect(fromBuild).toEqual(expect.arrayContaining(["/app/apps/server/dist", "/app/apps/web/dist"]));
    const [cmd] = all("CMD", finalStage);
    // As npm start runs it: the same node flags (decision 0037).
    expect(START_NODE_FLAGS).toEqual([
      "--max-semi-space-size=16",
      "--initial-old-space-size=64",
      "--liftoff-only",
      "--no-wasm-tier-up",
      "--no-wasm-dynamic-tiering",
    ]);
    expect(cmd?.args).toEqual(["node", ...START_NODE_FLAGS, "apps/server/dist/server.js"]);
  });

  it("runs as an unprivileged user, listens on all interfaces and keeps its data in a volume", () => {
    const users = all("USER", finalStage);
    expect(users.length).toBeGreaterThan(0);
    const user = users.at(-1)?.args[0]?.split(":")[0];
    expect(["root", "0", "", undefined]).not.toContain(user);
    const env = envOf(finalStage);
    expect(env).toMatchObject({ NODE_ENV: "production", HOST: "0.0.0.0", PORT: "3000", DATA_DIR: "/data" });
    expect(all("EXPOSE", finalStage).flatMap((i) => i.args)).toContain("3000");
    expect(all("VOLUME", finalStage).flatMap((i) => i.args)).toContain("/data");
  });

  it("checks its health with node on /api/healthz (slim images have no curl)", () => {
    const checks = all("HEALTHCHECK", finalStage);
    expect(checks).toHaveLength(1);
    const check = checks[0] as Instruction;
    expect(check.args[0]).toBe("CMD");
    expect(check.args[1]).toBe("node");
    expect(check.text).toContain("/api/healthz");
    expect(check.text).not.toMatch(/\b(curl|wget)\b/);
  });
});

interface ComposeService {
  image?: string;
  build?: unknown;
  environment?: Record<string, string>;
  healthcheck?: { test: string[] | string };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
}

/** Compose's ${VAR}, ${VAR:-default} and ${VAR:?error} substitution. */
function interpolate(value: string, env: Record<string, string>): string {
  return value.replace(/\$\{(\w+)(?::([-?])([^}]*))?\}/g, (_, name: string, kind?: string, rest?: string) => {
    const set = env[name];
    if (set) return set;
    if (kind === "?") throw new Error(`${name} is required: ${rest}`);
    return kind === "-" ? (rest ?? "") : "";
  });
}

describe("compose.yaml", () => {
  const compose = parseYaml(read("compose.yaml")) as { services: Record<string, ComposeService> };
  const { shop, postgres, redis } = compose.services;

  it("has the shop, PostgreSQL 16 and Redis 7, the last two with health checks the shop waits for", () => {
    expect(Object.keys(compose.services).sort()).toEqual(["postgres", "redis", "shop"]);
    expect(shop?.build).toBeDefined();
    expect(postgres?.image).toBe("postgres:16");
    expect(redis?.image).toBe("redis:7");
    expect(postgres?.healthcheck?.test).toBeDefined();
    expect(redis?.healthcheck?.test).toBeDefined();
    expect(shop?.depends_on).toEqual({
      postgres: { condition: "service_healthy" },
      redis: { condition: "service_healthy" },
    });
    expect(shop?.volumes).toContain("shop-data:/data");
  });

  it("gives the shop a production configuration the server accepts", () => {
    const raw = shop?.environment ?? {};
    expect(raw.AUTH_SECRET).toMatch(/^\$\{AUTH_SECRET:\?/);
    expect(() => interpolate(raw.AUTH_SECRET ?? "", {})).toThrow(/AUTH_SECRET is required/);
    const env = Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [
        name,
        interpolate(String(value), { AUTH_SECRET: "a1".repeat(32) }),
      ]),
    );
    const config = loadConfig(env);
    expect(config.isProduction).toBe(true);
    expect(config.payments.gateway).toBe("test");
    expect(env.PAYMENT_GATEWAY).toBe("test");
    expect(new URL(config.databaseUrl ?? "").host).toBe("postgres:5432");
    expect(new URL(config.redisUrl ?? "").host).toBe("redis:6379");
    // The database the URL names is the one the postgres service creates.
    const database = new URL(config.databaseUrl ?? "");
    const pg = postgres?.environment ?? {};
    expect(database.pathname).toBe(`/${pg.POSTGRES_DB}`);
    expect(database.username).toBe(pg.POSTGRES_USER);
    expect(decodeURIComponent(database.password)).toBe(interpolate(pg.POSTGRES_PASSWORD ?? "", {}));
  });
});
