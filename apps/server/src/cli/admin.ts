// `npm run admin -- grant <email>` / `revoke <email>`: sets a shop user's role on the configured
// database (DATABASE_URL, or PGlite in DATA_DIR), creating the user when there is none yet.
// The database modules load only once the arguments are right, so that usage errors answer at once.
import { signUpSchema } from "@toolshop/shared/auth";
import { CANNOT_REVOKE_CONFIGURED_ADMIN } from "@toolshop/shared/users";
import { ConfigError, loadConfig } from "../env";
import type { Role } from "../features/accounts/service";
import { preparePrivateDataDir } from "../lib/private-data-dir";

const USAGE = `Usage:
  npm run admin -- grant <email>    make the user with this email an admin
  npm run admin -- revoke <email>   make them a customer again

The database is the one the server uses: DATABASE_URL, or the embedded one in DATA_DIR (./data).
Granted to an address that has no account yet, the role goes to the account that proves the address
(the verification link mailed at sign-up, or a provider that vouches for it), never to whoever signs
up with it first. Stop a server that uses the embedded database first; PostgreSQL can be changed
while it runs.`;

const ROLES: Record<string, Role> = { grant: "admin", revoke: "user" };

// Exit codes: 0 done, 1 the database or configuration failed, 2 wrong usage.
async function main(args: string[]): Promise<number> {
  const [command, email, ...extra] = args;
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(USAGE);
    return 0;
  }
  const role = command ? ROLES[command] : undefined;
  if (!role || !email || extra.length > 0) {
    console.error(USAGE);
    return 2;
  }
  if (!signUpSchema.shape.email.safeParse(email).success) {
    console.error(`"${email}" is not an email address.\n\n${USAGE}`);
    return 2;
  }

  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    return 1;
  }
  if (role === "user" && config.adminEmails.includes(email.trim().toLowerCase())) {
    console.error(CANNOT_REVOKE_CONFIGURED_ADMIN);
    return 1;
  }

  const [{ openDatabase }, { migrateDatabase }, { setRole }] = await Promise.all([
    import("@toolshop/db/client"),
    import("@toolshop/db/migrate"),
    import("../features/accounts/service"),
  ]);
  const where = config.databaseUrl ? "the PostgreSQL database at DATABASE_URL" : `${config.dataDir}/db`;
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    if (!config.databaseUrl) await preparePrivateDataDir(config.dataDir);
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    console.error(`Could not open ${where}: ${rootMessage(error)}`);
    return 1;
  }
  try {
    await migrateDatabase(database);
    const user = await setRole(database.db, email, role);
    console.log(
      role === "admin" ? `${user.email} is now an admin.` : `${user.email} is now a customer (not an admin).`,
    );
    return 0;
  } catch (error) {
    console.error(`Could not change the role in ${where}: ${rootMessage(error)}`);
    return 1;
  } finally {
    await database.close();
  }
}

/** The innermost cause: Drizzle wraps driver errors in "Failed query: <the whole SQL>". */
function rootMessage(error: unknown): string {
  let current = error as Error;
  while (current.cause instanceof Error) current = current.cause;
  return current.message;
}

process.exitCode = await main(process.argv.slice(2));
