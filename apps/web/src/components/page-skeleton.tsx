/**
 * Grey blocks where a page's content will be, while its code or data loads: the page's place is held
 * at once (no blank screen, no jump), and the status says what is loading.
 */
export function ContentSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="grid gap-6 md:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div aria-hidden="true" className="flex flex-col gap-3">
        <div className="skeleton h-20 w-full" />
        <div className="skeleton h-20 w-full" />
        <div className="skeleton h-7 w-40" />
      </div>
      <div aria-hidden="true" className="skeleton h-72 w-full" />
    </div>
  );
}

/** A whole page's skeleton: its heading's place, then its content's. */
export function PageSkeleton({ label = "Loading page" }: { label?: string }) {
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-10">
      <div aria-hidden="true" className="skeleton h-9 w-48" />
      <ContentSkeleton label={label} />
    </div>
  );
}
