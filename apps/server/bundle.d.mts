import type { Plugin } from "esbuild";

export function bundleServer(outdir: string, options?: { plugins?: Plugin[] }): Promise<void>;
