/** The part number itself, in the face every label shows it in. */
export function SkuText({ sku }: { sku: string }) {
  return (
    <span className="font-mono break-all" translate="no">
      {sku}
    </span>
  );
}

/**
 * A tool's part number as every screen shows it (issue 58): "Part number ELE-00001", small and muted,
 * the number in a fixed-width face so that 0 and O, 1 and l read apart. The words are written out, not
 * "Part no.", so that a screen reader says what a reader sees. Nothing for a line written before SKUs
 * came (null).
 */
export function SkuLabel({ sku, className = "" }: { sku: string | null; className?: string }) {
  if (sku === null) return null;
  return (
    <span className={`text-xs text-base-content/70 print:text-black ${className}`}>
      Part number <SkuText sku={sku} />
    </span>
  );
}
