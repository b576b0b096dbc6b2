/**
 * Set on index.html's #root by the build's pre-render (src/prerender-home.tsx) to the path whose
 * markup the root holds; main.tsx hydrates that markup only at that path.
 */
export const PRERENDERED_PATH_ATTRIBUTE = "data-prerendered-path";
