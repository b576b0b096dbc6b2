import { TOAST_AUTO_CLOSE_MS } from "@toolshop/shared/constants";
import { lazy, Suspense, useSyncExternalStore } from "react";
import { loadChunk } from "../lib/chunk-load";
import { isToastHostWanted, subscribeToToastHost } from "../lib/toast";
import { ChunkErrorBoundary } from "./chunk-error-boundary";

const ToastContainer = lazy(() =>
  loadChunk(() => import("react-toastify/unstyled")).then((module) => ({ default: module.ToastContainer })),
);

/** Mounts the toast container once the first toast is raised (docs/product.md section 9: 5000 ms, top-right). */
export function ToastHost() {
  const wanted = useSyncExternalStore(subscribeToToastHost, isToastHostWanted, () => false);
  if (!wanted) return null;
  return (
    <ChunkErrorBoundary fallback={null}>
      <Suspense fallback={null}>
        <ToastContainer position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />
      </Suspense>
    </ChunkErrorBoundary>
  );
}
