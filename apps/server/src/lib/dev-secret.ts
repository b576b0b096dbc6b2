import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import type { DatabaseHandle } from "@toolshop/db/client";
import { generatedSecrets } from "@toolshop/db/schema";
import { createWholeFile } from "@toolshop/db/whole-file";
import { eq } from "drizzle-orm";

/**
 * The signing secret when AUTH_SECRET is unset (never in production, env.ts). On PostgreSQL several
 * processes may share the database, each with its own DATA_DIR, so the secret is kept in the
 * database; on the embedded database (one process, one DATA_DIR) in DATA_DIR/secret.
 */
export function loadOrCreateGeneratedSecret(database: DatabaseHandle, dataDir: string): Promise<string> {
  return database.kind === "postgres"
    ? loadOrCreateSharedSecret(database, dataDir)
    : loadOrCreateDevSecret(dataDir);
}

/**
 * The one row of generated_secrets named "auth": the first process's insert wins, every process reads
 * the row. A DATA_DIR/secret left by an earlier single-process start is offered first, so its
 * sessions survive the move into the database.
 */
export async function loadOrCreateSharedSecret(database: DatabaseHandle, dataDir: string): Promise<string> {
  const candidate = (await readSecret(join(dataDir, "secret"))) ?? newSecret();
  const { db } = database;
  await db.insert(generatedSecrets).values({ name: "auth", secret: candidate }).onConflictDoNothing();
  const [row] = await db
    .select({ secret: generatedSecrets.secret })
    .from(generatedSecrets)
    .where(eq(generatedSecrets.name, "auth"));
  if (!row?.secret) throw new Error("generated_secrets has no auth secret after inserting one.");
  return row.secret;
}

/**
 * The signing secret for development when AUTH_SECRET is unset: generated on the first start and kept
 * in DATA_DIR/secret (readable by the owner only), so sessions and tokens survive a restart.
 */
export async function loadOrCreateDevSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "secret");
  const existing = await readSecret(file);
  if (existing) return existing;

  await mkdir(dataDir, { recursive: true });
  const secret = newSecret();
  if (await createWholeFile(file, `${secret}\n`)) return secret;
  // Another process wrote the file first; its secret wins.
  const raced = await readSecret(file);
  if (raced) return raced;
  throw new Error(`${file} is empty: remove it, and a new secret is made on the next start.`);
}

const newSecret = () => randomBytes(32).toString("base64url");

async function readSecret(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
