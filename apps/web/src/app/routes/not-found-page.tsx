import { Link } from "react-router";
import { useDocumentTitle } from "../../lib/use-document-title";

export default function NotFoundPage() {
  useDocumentTitle("Page not found");
  return (
    <div className="flex flex-col items-center gap-5 px-4 py-20 text-center">
      <p className="text-7xl font-extrabold text-primary">404</p>
      <h1 className="text-3xl font-bold sm:text-4xl">You are in the wrong place</h1>
      <p className="max-w-md text-lg text-base-content/80">
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </p>
      <Link to="/" className="btn btn-primary">
        Back to Home
      </Link>
    </div>
  );
}
