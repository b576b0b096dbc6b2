import { SELLING_PROGRESS_PERCENTS } from "@toolshop/shared/constants";

// One product line per bar, in the order of docs/product.md's five percentages.
const PRODUCT_LINES = ["Fish tape", "Level", "Wire strippers", "Voltage tester", "Pliers"] as const;

const BARS = SELLING_PROGRESS_PERCENTS.map((percent, index) => ({
  percent,
  line: PRODUCT_LINES[index] ?? `Product line ${index + 1}`,
}));

/** docs/product.md section 2: five progress bars at 0, 10, 40, 70 and 100 percent. */
export function SellingProgress() {
  return (
    <section id="progress" aria-labelledby="progress-heading" className="bg-base-200 py-16">
      <div className="mx-auto max-w-3xl px-4">
        <p className="font-semibold tracking-wider text-primary uppercase">This year so far</p>
        <h2 id="progress-heading" className="mt-1 text-3xl font-bold sm:text-4xl">
          Selling Progress
        </h2>
        <p className="mt-2 text-base-content/80">
          How close each product line is to this year's sales target.
        </p>
        <ul className="mt-8 flex flex-col gap-5">
          {BARS.map(({ percent, line }, index) => {
            const id = `selling-progress-${index}`;
            return (
              <li key={line}>
                <div className="mb-1 flex items-baseline justify-between gap-4">
                  <label htmlFor={id} className="font-medium">
                    {line}
                  </label>
                  <span className="font-semibold tabular-nums">{percent}%</span>
                </div>
                <progress id={id} className="progress h-3 w-full progress-primary" value={percent} max={100}>
                  {percent}%
                </progress>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
