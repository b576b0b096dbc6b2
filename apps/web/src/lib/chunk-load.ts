import { CHUNK_LOAD_TIMEOUT_MS } from "@toolshop/shared/constants";

/** docs/product.md section 8: a page's code that cannot be downloaded fails with this error. */
export class ChunkLoadError extends Error {
  override name = "ChunkLoadError";

  constructor(options?: ErrorOptions) {
    super("Loading chunk failed", options);
  }
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && error.name === "ChunkLoadError";
}

/** Runs a dynamic import; a rejection or a load slower than the time-out becomes a ChunkLoadError. */
export function loadChunk<T>(importer: () => Promise<T>, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new ChunkLoadError({ cause: new Error(`No answer within ${timeoutMs} ms`) })),
      timeoutMs,
    );
    importer()
      .then(resolve, (cause: unknown) => reject(new ChunkLoadError({ cause })))
      .finally(() => clearTimeout(timer));
  });
}

interface VitePreloadErrorEvent extends Event {
  payload?: unknown;
}

/**
 * Vite preloads a page's CSS and JS before importing it and reports a failure as `vite:preloadError`.
 * All of our CSS ships with the entry, so a missing stylesheet must not block a page whose code loaded:
 * those are swallowed. A failed script is left to reject, and `loadChunk` turns it into a ChunkLoadError
 * that the route error element shows with a Reload button.
 */
export function handleVitePreloadErrors(target: Window): void {
  target.addEventListener("vite:preloadError", (event: VitePreloadErrorEvent) => {
    const { payload } = event;
    if (payload instanceof Error && payload.message.startsWith("Unable to preload CSS")) {
      event.preventDefault();
    }
  });
}
