import { SPINNER_COLOR, SPINNER_SIZE_PX } from "@toolshop/shared/constants";

interface SpinnerProps {
  /** What is loading, for screen readers. */
  label?: string;
}

/** docs/product.md section 2: always shown when used; blue (#3b82f6), size 60. */
export function Spinner({ label = "Loading" }: SpinnerProps) {
  return (
    <div role="status" aria-label={label} className="inline-flex">
      <span
        aria-hidden="true"
        className="block animate-spin rounded-full border-[6px] motion-reduce:animate-[spin_2s_linear_infinite]"
        style={{
          width: SPINNER_SIZE_PX,
          height: SPINNER_SIZE_PX,
          borderColor: SPINNER_COLOR,
          borderTopColor: "transparent",
        }}
      />
    </div>
  );
}

/** The spinner centred in the content area: the fallback while a page's code loads. */
export function RouteFallback() {
  return (
    <div className="grid min-h-[60vh] place-items-center">
      <Spinner label="Loading page" />
    </div>
  );
}
