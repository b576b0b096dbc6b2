/** What the visitor sees when a part of the app's code could not be downloaded (docs/product.md section 8). */
export function ChunkLoadFailed({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? "h1" : "h2";
  return (
    <div role="alert" className="flex flex-col items-center gap-4 px-4 py-12 text-center">
      <Heading className="text-2xl font-bold">Loading chunk failed</Heading>
      <p className="max-w-md text-base-content/80">
        A part of this page could not be downloaded. Check your connection, then reload the page.
      </p>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        Reload
      </button>
    </div>
  );
}
