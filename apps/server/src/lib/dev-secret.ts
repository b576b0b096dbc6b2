import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

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
  try {
    // "wx" fails if another process wrote the file first; then that secret wins.
    await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
    return secret;
  } catch (error) {
    const raced = (error as NodeJS.ErrnoException).code === "EEXIST" ? await readSecret(file) : undefined;
    if (raced) return raced;
    throw error;
  }
}

async function readSecret(file: string): Promise<string | undefined> {
  try {
    return (await readFile(file, "utf8")).trim() || undefined;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}
