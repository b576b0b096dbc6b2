import { Spinner } from "../../components/spinner";
import { useDocumentTitle } from "../../lib/use-document-title";

/** docs/product.md section 2: a full-page centred spinner. */
export default function LoadingPage() {
  useDocumentTitle("Loading");
  return (
    <main className="grid min-h-screen place-items-center">
      <h1 className="sr-only">Loading</h1>
      <Spinner />
    </main>
  );
}
