import { chmod, mkdir } from "node:fs/promises";

/** Owner only: everything the process creates after preparePrivateDataDir (files 0600, folders 0700). */
const OWNER_ONLY_UMASK = 0o077;

/**
 * DATA_DIR holds the database, the signing secret, the mail outbox (with verification and reset links)
 * and the uploads: none of it is for other local users. Rather than a mode at each of the places that
 * write there (the database engine writes its own files), the process's umask makes every file and
 * folder it creates owner-only, and DATA_DIR itself is made 0700 even when it existed before (which
 * also closes the files an earlier version left readable). PGlite chmods its own files 0666; they are
 * private through the 0700 folders above them. Called first by every entry point.
 */
export async function preparePrivateDataDir(dataDir: string): Promise<void> {
  process.umask(OWNER_ONLY_UMASK);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  await chmod(dataDir, 0o700);
}
