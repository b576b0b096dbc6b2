// The admin command as an operator runs it: a real process on a temporary embedded database.
import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { openDatabase } from "@toolshop/db/client";
import { users } from "@toolshop/db/schema";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const cli = fileURLToPath(new URL("./admin.ts", import.meta.url));

function runAdmin(args: string[], env: Record<string, string>) {
  // Only the variables given: nothing leaks in from the environment running the tests.
  const child = spawn(process.execPath, ["--import", "tsx", cli, ...args], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += chunk;
  });
  child.stderr.on("data", (chunk) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

describe("npm run admin", () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "toolshop-admin-cli-"));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  async function rolesInDatabase() {
    const database = await openDatabase({ dataDir });
    try {
      return await database.db.select({ email: users.email, role: users.role }).from(users);
    } finally {
      await database.close();
    }
  }

  // Two processes that each start an embedded database: slower than the default timeout allows.
  it("grants the admin role on a fresh embedded database, creating the user, and revokes it", {
    timeout: 240_000,
  }, async () => {
    const granted = await runAdmin(["grant", "Boss@Example.com"], { DATA_DIR: dataDir });
    expect(granted).toMatchObject({ code: 0, stdout: "boss@example.com is now an admin.\n", stderr: "" });
    expect(await rolesInDatabase()).toEqual([{ email: "boss@example.com", role: "admin" }]);

    const revoked = await runAdmin(["revoke", "boss@example.com"], { DATA_DIR: dataDir });
    expect(revoked).toMatchObject({
      code: 0,
      stdout: "boss@example.com is now a customer (not an admin).\n",
    });
    expect(await rolesInDatabase()).toEqual([{ email: "boss@example.com", role: "user" }]);
  });

  it("explains its usage and exits with 2 when the command is incomplete or wrong", {
    timeout: 120_000,
  }, async () => {
    for (const args of [
      [],
      ["grant"],
      ["promote", "a@example.com"],
      ["grant", "a@example.com", "b@example.com"],
    ]) {
      const result = await runAdmin(args, { DATA_DIR: dataDir });
      expect(result.code, args.join(" ")).toBe(2);
      expect(result.stderr).toContain("npm run admin -- grant <email>");
    }
    const notEmail = await runAdmin(["grant", "boss"], { DATA_DIR: dataDir });
    expect(notEmail.code).toBe(2);
    expect(notEmail.stderr).toContain('"boss" is not an email address.');
  });

  it("exits with 1 and one sentence when the configuration is bad", async () => {
    const result = await runAdmin(["grant", "a@example.com"], {
      DATA_DIR: dataDir,
      DATABASE_URL: "mysql://db/shop",
    });
    expect(result.code).toBe(1);
    expect(result.stderr.trim()).toBe("DATABASE_URL must be a postgres:// or postgresql:// URL.");
  });
});
