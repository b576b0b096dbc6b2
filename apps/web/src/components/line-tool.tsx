import { SkuLabel } from "./sku-label";

/**
 * A line's tool in an order's or a quote's table: its picture (decorative: the name follows), its
 * name and its part number, side by side from the small breakpoint up, stacked on a phone.
 */
export function LineTool({ name, image, sku }: { name: string; image: string; sku: string | null }) {
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <img
        src={image}
        alt=""
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-field bg-base-200 object-contain p-1 print:bg-white"
      />
      <span className="flex flex-col">
        <span className="font-medium">{name}</span>
        <SkuLabel sku={sku} />
      </span>
    </div>
  );
}
