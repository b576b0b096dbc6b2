// react-toastify is downloaded with the first toast, not with the page: it is not needed before.
// Its unstyled build is used because the default one injects a <style> element, which the CSP
// forbids; its stylesheet is bundled with ours instead. Toasts raised before the container has
// mounted are queued by react-toastify and shown once it is there.
type ToastKind = "info" | "success" | "error";

const hostListeners = new Set<() => void>();
let hostWanted = false;

function show(kind: ToastKind, message: string): void {
  if (!hostWanted) {
    hostWanted = true;
    for (const listener of hostListeners) listener();
  }
  import("react-toastify/unstyled").then(
    ({ toast }) => toast[kind](message),
    () => window.alert(message),
  );
}

export const notify = {
  info: (message: string) => show("info", message),
  success: (message: string) => show("success", message),
  error: (message: string) => show("error", message),
};

/** For the toast host: whether any toast has been raised, so its container must be mounted. */
export function isToastHostWanted(): boolean {
  return hostWanted;
}

export function subscribeToToastHost(listener: () => void): () => void {
  hostListeners.add(listener);
  return () => hostListeners.delete(listener);
}
