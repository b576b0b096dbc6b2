/**
 * A line's tool in an order's or a quote's table: its picture (decorative: the name follows) and its
 * name, side by side from the small breakpoint up, stacked on a phone.
 */
export function LineTool({ name, image }: { name: string; image: string }) {
  return (
    <div className="flex flex-col items-start gap-2 sm:flex-row sm:items-center">
      <img
        src={image}
        alt=""
        width={56}
        height={56}
        className="size-14 shrink-0 rounded-field bg-base-200 object-contain p-1 print:bg-white"
      />
      <span className="font-medium">{name}</span>
    </div>
  );
}
