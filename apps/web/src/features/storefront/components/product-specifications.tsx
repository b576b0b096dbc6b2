import { attributeValueText, type ToolAttribute } from "@toolshop/shared/attributes";

/** A tool's specifications (decision 0060): "Voltage 18 V", "Insulated Yes". Nothing without any. */
export function ProductSpecifications({ attributes }: { attributes: readonly ToolAttribute[] }) {
  if (!attributes.length) return null;
  return (
    <table className="table table-sm rounded-field bg-base-200">
      <caption className="text-left font-semibold">Specifications</caption>
      <tbody>
        {attributes.map((attribute) => (
          <tr key={attribute.key}>
            <th scope="row" className="font-normal">
              {attribute.name}
            </th>
            <td className="font-semibold">{attributeValueText(attribute)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
