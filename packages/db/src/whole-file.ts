import { randomBytes } from "node:crypto";
import { link, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";

/**
 * Creates `file` holding `content` unless it exists, so that other processes see it whole or not at all.
 * Answers false when the file was there already. A file created in place (open with "wx", then write)
 * exists empty for a moment, and a process starting then reads nothing: a lock without an owner, a
 * secret of no bytes, half a mail. So the content is written under a hidden name of its own, then linked
 * into place: link() fails if the name is taken, and never shows a half-written file. A crash while
 * writing leaves at most the hidden draft.
 */
export async function createWholeFile(
  file: string,
  content: string | Buffer,
  mode = 0o600,
): Promise<boolean> {
  const draft = join(
    dirname(file),
    `.${basename(file)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`,
  );
  await writeFile(draft, content, { mode, flag: "wx" });
  try {
    await link(draft, file);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await rm(draft, { force: true });
  }
}
