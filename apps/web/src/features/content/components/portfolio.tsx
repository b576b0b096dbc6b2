import { Link } from "react-router";

const SKILLS = [
  "TypeScript",
  "React 19",
  "React Router",
  "TanStack Query",
  "Tailwind CSS and daisyUI",
  "Node.js and Fastify",
  "PostgreSQL and Drizzle ORM",
  "REST API design",
  "Vitest and Playwright",
  "Web accessibility (WCAG)",
];

interface Project {
  name: string;
  description: string;
  /** A path on this site; `external` paths are served by the API server, not the app's router. */
  href: string;
  linkText: string;
  external?: boolean;
}

const PROJECTS: Project[] = [
  {
    name: "Toolshop storefront",
    description:
      "This site: the catalogue, reviews, selling progress and request-for-quote block of a hand-tool manufacturer, with code split per route and a strict Content Security Policy.",
    href: "/",
    linkText: "Visit the storefront",
  },
  {
    name: "Customer and admin dashboard",
    description:
      "Orders with card payment, reviews and profile for customers; user roles, orders and products for admins. Every rule is enforced by the API, not only by hidden buttons.",
    href: "/dashboard",
    linkText: "Open the dashboard (sign-in required)",
  },
  {
    name: "Toolshop REST API",
    description:
      "A Fastify API validated end to end with shared zod schemas, documented with OpenAPI, running on embedded PostgreSQL or a PostgreSQL server.",
    href: "/api/docs",
    linkText: "Read the API documentation",
    external: true,
  },
];

/** The spec's static developer portfolio. */
export function Portfolio() {
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-10 px-4 py-12">
      <header className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
        <div
          aria-hidden="true"
          className="grid size-24 shrink-0 place-items-center rounded-full bg-primary text-3xl font-bold text-primary-content"
        >
          SC
        </div>
        <div>
          <h1 className="font-semibold tracking-wider text-primary uppercase">Developer Portfolio</h1>
          <p className="mt-1 text-4xl font-extrabold">Sam Carter</p>
          <p className="mt-1 text-lg text-base-content/80">Full-stack JavaScript developer</p>
          <p className="mt-2">
            Contact:{" "}
            <a href="mailto:sam.carter@toolshop.example" className="link link-primary">
              sam.carter@toolshop.example
            </a>
          </p>
        </div>
      </header>

      <section aria-labelledby="education-heading">
        <h2 id="education-heading" className="text-2xl font-bold">
          Education
        </h2>
        <ul className="mt-4 flex flex-col gap-3">
          <li className="rounded-box border border-base-300 p-4">
            <p className="font-semibold">B.Sc. in Computer Science and Engineering</p>
            <p className="text-base-content/80">City University of Technology, 2019 to 2023</p>
          </li>
          <li className="rounded-box border border-base-300 p-4">
            <p className="font-semibold">Professional certificate in web development</p>
            <p className="text-base-content/80">Front-end and back-end JavaScript, 2022</p>
          </li>
        </ul>
      </section>

      <section aria-labelledby="skills-heading">
        <h2 id="skills-heading" className="text-2xl font-bold">
          Skills
        </h2>
        <ul className="mt-4 flex flex-wrap gap-2">
          {SKILLS.map((skill) => (
            <li key={skill} className="badge badge-lg border-base-300 bg-base-200 text-base-content">
              {skill}
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="projects-heading">
        <h2 id="projects-heading" className="text-2xl font-bold">
          Projects
        </h2>
        <ul className="mt-4 grid gap-4 md:grid-cols-3">
          {PROJECTS.map((project) => (
            <li
              key={project.name}
              className="flex flex-col gap-3 rounded-box border border-base-300 p-5 shadow-sm"
            >
              <h3 className="text-lg font-semibold">{project.name}</h3>
              <p className="text-base-content/80">{project.description}</p>
              {project.external ? (
                <a href={project.href} className="link mt-auto font-medium link-primary">
                  {project.linkText}
                </a>
              ) : (
                <Link to={project.href} className="link mt-auto font-medium link-primary">
                  {project.linkText}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
