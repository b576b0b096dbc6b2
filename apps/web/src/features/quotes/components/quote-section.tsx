import { SALES_EMAIL, SALES_PHONE } from "../api/submit-quote-request";
import { QuoteForm } from "./quote-form";

/**
 * The request-for-quote / contact-us block of the home page (anchor #quote). The form is part of the
 * home page's code, so the build's pre-rendered page already holds it and "Request a quote" lands on
 * a usable form at once (issue 12), rather than on a spinner until the form's code arrives; only its
 * checks (zod) come later, when the form is first focused.
 */
export function QuoteSection() {
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
        <div className="rounded-box border border-base-300 bg-base-100 p-6 shadow-sm">
          <QuoteForm />
        </div>
      </div>
    </section>
  );
}
