import type { Database } from "@toolshop/db/client";

/**
 * Mails the open, proven stock alerts of those of `toolIds` that a minimum order can be taken of now
 * (decision 0059). Run in the transaction that changed their stock, after the change. A leaf of its
 * own, so that the orders' and the tools' contexts can name it without importing the mail queue.
 */
export type RestockMailer = (tx: Database, toolIds: readonly string[]) => Promise<unknown>;
