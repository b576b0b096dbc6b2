import type { ReactNode } from "react";
import { Screen } from "./screen";

interface ComingSoonProps {
  title: string;
  /** What the screen will do, said plainly: it does not do it yet. */
  children: ReactNode;
}

/** A screen whose feature opens in a later release: it says so instead of pretending. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <Screen title={title}>
      <div className="rounded-box border border-dashed border-base-300 bg-base-200/60 p-6 text-base-content/80">
        {children}
      </div>
    </Screen>
  );
}
