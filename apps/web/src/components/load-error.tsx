interface LoadErrorProps {
  /** What could not be loaded, as a sentence. */
  title: string;
  error: Error;
  onRetry: () => void;
  retrying: boolean;
}

/** A failed fetch, with the server's message and a retry button. */
export function LoadError({ title, error, onRetry, retrying }: LoadErrorProps) {
  return (
    <div role="alert" className="alert flex-col items-start alert-error sm:flex-row sm:items-center">
      <div>
        <p className="font-semibold">{title}</p>
        <p>{error.message}</p>
      </div>
      <button type="button" className="btn btn-sm sm:ml-auto" onClick={onRetry} disabled={retrying}>
        {retrying ? "Trying again…" : "Try again"}
      </button>
    </div>
  );
}
