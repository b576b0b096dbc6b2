import { randomBytes } from "node:crypto";
import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createWholeFile } from "@toolshop/db/whole-file";

/**
 * The signing secret for development when AUTH_SECRET is unset: generated on the first start and kept
 * in DATA_DIR/secret (readable by the owner only), so sessions and tokens survive a restart.
 */
export async function loadOrCreateDevSecret(dataDir: string): Promise<string> {
  const file = join(dataDir, "secret");
  const existing = await readSecret(file);
  if (existing) return existing;

  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  if (await createWholeFile(file, `${secret}\n`)) return secret;
  // Another process wrote the file first; its secret wins.
  const raced = await readSecret(file);
  if (raced) return raced;
  throw new Error(`${file} is empty: remove it, and a new secret is made on the next start.`);
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
