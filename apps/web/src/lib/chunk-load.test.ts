import { describe, expect, it } from "vitest";
import { isChunkLoadError, loadChunk } from "./chunk-load";

describe("loadChunk", () => {
  it("answers the module when the import succeeds", async () => {
    await expect(loadChunk(async () => ({ default: 42 }))).resolves.toEqual({ default: 42 });
  });

  it("turns a failed import into a ChunkLoadError named as docs/product.md section 8 says", async () => {
    const cause = new TypeError("Failed to fetch dynamically imported module: /assets/blogs.js");
    const error = await loadChunk(() => Promise.reject(cause)).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: "ChunkLoadError", message: "Loading chunk failed", cause });
    expect(isChunkLoadError(error)).toBe(true);
  });

  it("gives up with a ChunkLoadError when the download does not finish in time", async () => {
    const never = () => new Promise<never>(() => undefined);
    const error = await loadChunk(never, 20).catch((failure: unknown) => failure);
    expect(isChunkLoadError(error)).toBe(true);
  });
});
