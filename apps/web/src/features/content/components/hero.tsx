/** The home page's hero: image, headline, company blurb and Get Started (to the tools list). */
export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-br from-blue-50 via-base-100 to-amber-50"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 px-4 py-12 md:grid-cols-2 md:py-20">
        <div>
          <p className="font-semibold tracking-wider text-primary uppercase">Toolshop manufacturing</p>
          <h1 id="hero-heading" className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">
            Best Electrical Tool is Here !
          </h1>
          <p className="mt-5 text-lg text-base-content/80">
            For over twenty years we have designed and built the hand tools electricians and builders reach
            for every day: insulated pliers and screwdrivers, tape measures, electric drills, levels, wire
            strippers, fish tapes and voltage testers. Made to last, tested in our own workshop and sold at
            factory prices.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <a href="#tools" className="btn btn-lg btn-primary">
              Get Started
            </a>
            <a href="#quote" className="btn btn-outline btn-lg">
              Request a quote
            </a>
          </div>
        </div>
        <div>
          <img
            src="/images/hero.svg"
            alt="A workbench with an open toolbox, an electric drill, pliers, a tape measure and a voltage tester"
            width={640}
            height={480}
            fetchPriority="high"
            className="mx-auto h-auto w-full max-w-xl"
          />
        </div>
      </div>
    </section>
  );
}
