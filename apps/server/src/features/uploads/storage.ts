// Where uploaded images live: a folder on the local disk (the default: DATA_DIR/uploads), or an
// S3-compatible bucket when S3_BUCKET is set, so that every server process behind a load balancer sees
// every upload. serve-routes.ts serves both under /uploads/. Stored names are content
// hashes (`<hash>.webp`), so an object never changes once written and both stores can be cached forever.
import { createReadStream } from "node:fs";
import { mkdir, readdir, rename, rm, stat, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import type { Config } from "../../env";

export interface StoredImage {
  name: string;
  /** When it was last written; pruning counts an upload's grace period from here. */
  modifiedAt: Date;
}

export interface ImageStore {
  readonly kind: "local" | "s3";
  /**
   * Writes the file under its name; writing a name again freshens its time. `contentType` is the
   * bucket's (a product's document is a PDF, decision 0057); pictures are WebP.
   */
  put(name: string, bytes: Buffer, contentType?: string): Promise<void>;
  exists(name: string): Promise<boolean>;
  /** Every stored image (and, on the local disk, half-written temporary files). */
  list(): Promise<StoredImage[]>;
  remove(names: string[]): Promise<void>;
  /** The image's bytes as a stream, or undefined when there is no such image. */
  read(name: string): Promise<{ body: Readable; length: number | undefined } | undefined>;
  close(): void;
}

export const IMAGE_CONTENT_TYPE = "image/webp";

/**
 * The store the configuration asks for: S3 when S3_BUCKET is set, else `uploadsDir` on the local disk.
 * The AWS SDK is loaded only for S3: it is some 12 MB of memory a shop on its own disk never uses.
 */
export async function createImageStore(s3: Config["s3"], uploadsDir: string): Promise<ImageStore> {
  return s3 ? s3Store(s3) : localStore(uploadsDir);
}

export function localStore(dir: string): ImageStore & { dir: string } {
  return {
    kind: "local",
    dir,
    async put(name, bytes) {
      const path = join(dir, name);
      const now = new Date();
      try {
        await utimes(path, now, now);
      } catch {
        // Written under a temporary name and renamed, so a reader never sees half a file.
        await mkdir(dir, { recursive: true });
        const temporary = join(dir, `.${name}.${process.pid}.${Date.now()}.tmp`);
        await writeFile(temporary, bytes);
        await rename(temporary, path);
      }
    },
    exists: (name) =>
      stat(join(dir, name)).then(
        (info) => info.isFile(),
        () => false,
      ),
    async list() {
      const images: StoredImage[] = [];
      for (const name of await readdir(dir).catch(() => [] as string[])) {
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile()) images.push({ name, modifiedAt: info.mtime });
      }
      return images;
    },
    async remove(names) {
      await Promise.all(names.map((name) => rm(join(dir, name), { force: true })));
    },
    async read(name) {
      const info = await stat(join(dir, name)).catch(() => undefined);
      if (!info?.isFile()) return undefined;
      return { body: createReadStream(join(dir, name)), length: info.size };
    },
    close() {},
  };
}

type S3Settings = NonNullable<Config["s3"]>;

export async function s3Store(settings: S3Settings): Promise<ImageStore> {
  const {
    DeleteObjectsCommand,
    GetObjectCommand,
    HeadObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import("@aws-sdk/client-s3");
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // MinIO, s3rver and most self-hosted stores only know bucket-in-the-path addresses.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
  });
  const Bucket = settings.bucket;
  const notFound = (error: unknown) => {
    const name = (error as { name?: string }).name;
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    return name === "NoSuchKey" || name === "NotFound" || status === 404;
  };
  return {
    kind: "s3",
    async put(name, bytes, contentType = IMAGE_CONTENT_TYPE) {
      // Writing the same content again is how its time is freshened (S3 has no touch).
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: name,
          Body: bytes,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async exists(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: name }));
        return true;
      } catch (error) {
        if (notFound(error)) return false;
        throw error;
      }
    },
    async list() {
      const images: StoredImage[] = [];
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) {
            images.push({ name: object.Key, modifiedAt: object.LastModified });
          }
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
      return images;
    },
    async remove(names) {
      // DeleteObjects takes at most 1000 keys.
      for (let start = 0; start < names.length; start += 1000) {
        const Objects = names.slice(start, start + 1000).map((Key) => ({ Key }));
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      }
    },
    async read(name) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: name }));
        return { body: object.Body as Readable, length: object.ContentLength };
      } catch (error) {
        if (notFound(error)) return undefined;
        throw error;
      }
    },
    close: () => client.destroy(),
  };
}
