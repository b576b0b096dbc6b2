import { lazy, Suspense, useRef } from "react";
import { ChunkErrorBoundary } from "../../../components/chunk-error-boundary";
import { Spinner } from "../../../components/spinner";
import { loadChunk } from "../../../lib/chunk-load";
import { useNearViewport } from "../../../lib/use-near-viewport";
import { SALES_EMAIL, SALES_PHONE } from "../api/submit-quote-request";

// The form's validation code (zod, react-hook-form) is downloaded only when the visitor scrolls
// towards the form, so it stays out of the home page's first download.
const QuoteForm = lazy(() =>
  loadChunk(() => import("./quote-form")).then((module) => ({ default: module.QuoteForm })),
);

interface QuoteSectionProps {
  toolNames: string[];
}

/** The request-for-quote / contact-us block of the home page (anchor #quote). */
export function QuoteSection({ toolNames }: QuoteSectionProps) {
  const formSlotRef = useRef<HTMLDivElement>(null);
  const showForm = useNearViewport(formSlotRef);
  const loading = (
    <div className="grid min-h-64 place-items-center">
      <Spinner label="Loading the quote form" />
    </div>
  );
  return (
    <section id="quote" aria-labelledby="quote-heading" className="py-16">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 lg:grid-cols-[1fr_2fr]">
        <div>
          <p className="font-semibold tracking-wider text-primary uppercase">Contact us</p>
          <h2 id="quote-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
            Request a Quote
          </h2>
          <p className="mt-4 text-base-content/80">
            Buying for a crew, a shop or a wholesale order? Tell us what you need and we will send a price
            with delivery dates.
          </p>
          <address className="mt-6 flex flex-col gap-2 not-italic">
            <span>Toolshop Manufacturing, 120 Foundry Road, Springfield</span>
            <a href={`tel:${SALES_PHONE.tel}`} className="link link-primary">
              {SALES_PHONE.display}
            </a>
            <a href={`mailto:${SALES_EMAIL}`} className="link link-primary">
              {SALES_EMAIL}
            </a>
            <span>Monday to Friday, 8:00 to 17:00</span>
          </address>
        </div>
        <div ref={formSlotRef} className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          {showForm ? (
            <ChunkErrorBoundary>
              <Suspense fallback={loading}>
                <QuoteForm toolNames={toolNames} />
              </Suspense>
            </ChunkErrorBoundary>
          ) : (
            loading
          )}
        </div>
      </div>
    </section>
  );
}
