import { Component, type ReactNode } from "react";
import { isChunkLoadError } from "../lib/chunk-load";
import { ChunkLoadFailed } from "./chunk-load-failed";

interface ChunkErrorBoundaryProps {
  children: ReactNode;
  /** Shown instead of the children when their code could not be downloaded. */
  fallback?: ReactNode;
}

/**
 * Keeps a lazily loaded part of a page (not a whole route) from taking the page down when its code
 * cannot be downloaded; any other error goes on to the route's error element.
 */
export class ChunkErrorBoundary extends Component<ChunkErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(error: unknown): { failed: boolean } {
    if (!isChunkLoadError(error)) throw error;
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return this.props.fallback === undefined ? <ChunkLoadFailed /> : this.props.fallback;
  }
}
