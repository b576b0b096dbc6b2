/** The `node` flags the server is started with (heap-flags.mjs). */
export declare const HEAP_FLAGS: readonly string[];
