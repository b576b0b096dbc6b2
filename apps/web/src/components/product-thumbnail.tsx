/** The sizes a product picture is shown at next to its details; classes spelled out for Tailwind. */
const SIZES = {
  /** An order in Manage Orders. */
  small: { width: 56, height: 56, className: "size-14" },
  /** A product in Manage Products. */
  medium: { width: 64, height: 64, className: "size-16" },
  /** The order being paid for. */
  wide: { width: 96, height: 72, className: "h-18 w-24" },
} as const;

interface ProductThumbnailProps {
  src: string;
  size: keyof typeof SIZES;
  /** Lazy in long lists; eager where it is the one picture at the top of the page. */
  loading?: "lazy" | "eager";
}

/** A product's picture beside its name: decorative (alt=""), as the name is said right next to it. */
export function ProductThumbnail({ src, size, loading = "lazy" }: ProductThumbnailProps) {
  const { width, height, className } = SIZES[size];
  return (
    <img
      src={src}
      alt=""
      width={width}
      height={height}
      loading={loading}
      className={`${className} shrink-0 rounded-field bg-base-200 object-contain p-1`}
    />
  );
}
