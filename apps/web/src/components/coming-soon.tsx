import type { ReactNode } from "react";
import { useDocumentTitle } from "../lib/use-document-title";

interface ComingSoonProps {
  title: string;
  /** What the screen will do, said plainly: it does not do it yet. */
  children: ReactNode;
}

/** A screen whose feature opens in a later release: it says so instead of pretending. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  useDocumentTitle(title);
  return (
    <section aria-labelledby="screen-heading" className="flex flex-col gap-4">
      <h1 id="screen-heading" className="text-3xl font-bold">
        {title}
      </h1>
      <div className="rounded-box border border-dashed border-base-300 bg-base-200/60 p-6 text-base-content/80">
        {children}
      </div>
    </section>
  );
}
