import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title";

interface ScreenProps {
  /** The screen's one <h1>, and the browser tab's title. */
  title: string;
  /** A sentence under the heading that says what the screen is for. */
  intro?: ReactNode;
  /** Shown with the heading, above it (the receipt's print-only line). */
  aboveTitle?: ReactNode;
  /** The section's layout: a dashboard column unless the screen says otherwise. */
  className?: string;
  children?: ReactNode;
}

/**
 * A screen's section, labelled by its heading. The route announcer focuses the <h1> after each
 * navigation, so the same <h1> stays in every state of the screen (pending, error, data).
 */
export function Screen({
  title,
  intro,
  aboveTitle,
  className = "flex flex-col gap-4",
  children,
}: ScreenProps) {
  useDocumentTitle(title);
  const heading = (
    <h1 id="screen-heading" className="text-3xl font-bold break-words">
      {title}
    </h1>
  );
  return (
    <section aria-labelledby="screen-heading" className={className}>
      {aboveTitle ? (
        <div>
          {aboveTitle}
          {heading}
        </div>
      ) : (
        heading
      )}
      {intro ? <p className="text-base-content/80">{intro}</p> : null}
      {children}
    </section>
  );
}
