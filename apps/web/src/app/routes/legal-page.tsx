import { LEGAL_SECTIONS } from "../../features/content/legal-sections";
import { useDocumentTitle } from "../../lib/use-document-title";

/** /legal: terms of use, privacy and cookie policy, each reachable from the footer by its anchor. */
export default function LegalPage() {
  useDocumentTitle("Terms, privacy and cookies");
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-extrabold">Terms, privacy and cookies</h1>
      <nav aria-label="Sections" className="mt-6">
        <ul className="list-inside list-disc space-y-1">
          {LEGAL_SECTIONS.map((section) => (
            <li key={section.id}>
              <a href={`#${section.id}`} className="link link-primary">
                {section.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="mt-10 flex flex-col gap-10">
        {LEGAL_SECTIONS.map((section) => (
          <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`}>
            <h2 id={`${section.id}-title`} className="text-2xl font-bold">
              {section.title}
            </h2>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph.slice(0, 40)} className="mt-3 leading-relaxed text-base-content/90">
                {paragraph}
              </p>
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
