import type { PriceBreak } from "@toolshop/shared/unit-price";
import { Money } from "../../../components/money";
import { formatCount } from "../../../lib/format";

/**
 * A tool's prices by quantity, "From 50 units: $9.00 each". Nothing without breaks.
 * apps/server/src/features/storefront/product-page.ts writes the same markup (priceBreaksMarkup).
 */
export function PriceBreaksTable({ breaks }: { breaks: readonly PriceBreak[] }) {
  if (!breaks.length) return null;
  return (
    <table className="table table-sm rounded-field bg-base-200">
      <caption className="text-left font-semibold">Prices by quantity</caption>
      <tbody>
        {breaks.map((row) => (
          <tr key={row.minQuantity}>
            <th scope="row" className="font-normal">
              From {formatCount(row.minQuantity)} units
            </th>
            <td className="font-semibold">
              <Money amount={row.unitPrice} /> each
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
