// The catalogue's CSV columns (decision 0045), one entry each: the export writes them in this order and
// the import reads them by header, so a new tool field is one more entry here.
import { CATEGORY_PATH_SEPARATOR, categoryPathText } from "@toolshop/shared/categories";
import {
  PRICE_BREAKS_CELL_FORMAT,
  priceBreaksCell,
  readPriceBreaksCell,
} from "@toolshop/shared/spreadsheets";
import type { CreateToolBody, Tool } from "@toolshop/shared/tools";
import { amountToMinor, minorToFixed } from "../../lib/money";
import type { CategoryTree } from "../categories/tree";

/**
 * A tool's values as the CSV has them: the shared schema's fields (the image is a path, the category a
 * slug, written as its path of names).
 */
// Relations, model number and discontinued are not the CSV's (decision 0058): the Relations dialog sets
// them. Specifications have columns of their own (csv-specifications.ts, decision 0062).
export type ToolCsvValues = Omit<
  Tool,
  | "_id"
  | "category"
  | "sku"
  | "images"
  | "documents"
  | "modelNumber"
  | "discontinued"
  | "related"
  | "attributes"
> & {
  category: string;
  sku?: string | undefined;
};

export function toolCsvValues(tool: Tool): ToolCsvValues {
  const {
    _id,
    category,
    images: _images,
    documents: _documents,
    modelNumber: _modelNumber,
    discontinued: _discontinued,
    related: _related,
    attributes: _attributes,
    ...values
  } = tool;
  return { ...values, category: category.slug };
}

/** A cell that is no value of its column ("abc" for a price): the row's error. */
export class CellError extends Error {}

export interface ToolColumn {
  header: string;
  field: keyof ToolCsvValues & keyof CreateToolBody;
  /** The cell of a tool, as exported and as the preview compares it. */
  cell(tool: ToolCsvValues): string;
  /** The cell as the shared tool schema takes it (which then checks it); throws CellError. */
  read(cell: string): unknown;
}

/** The header of the column that names the tool to update; not a value of the tool. */
export const ID_HEADER = "id";

/** A cell quoted in a message, cut short: a hostile file's megabyte cell is not echoed back. */
export const quoteCell = (cell: string) => `“${cell.length > 40 ? `${cell.slice(0, 40)}…` : cell}”`;

// Line breaks inside a cell as the product form stores them (LF): some programs write CRLF there.
const text = (cell: string) => cell.replace(/\r\n?/g, "\n");

// Plain decimals only: "1,234.50" or "12,5" (a European spreadsheet) would be read wrongly, so refused.
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;
const number = (label: string) => (cell: string) => {
  const trimmed = cell.trim();
  // Empty: left to the schema, whose message says the field is required.
  if (trimmed === "") return undefined;
  if (!DECIMAL.test(trimmed))
    throw new CellError(`${label} must be a number like 12.50, not ${quoteCell(trimmed)}`);
  return Number(trimmed);
};
/**
 * A category by its path of names, "Electrical > Drills" (decision 0055), matched without case; an
 * empty cell is the schema's "Category is required". A path no category has is the row's error: the
 * import adds no categories, so a typo cannot make a new one.
 */
const categoryCell = (tree: CategoryTree) => ({
  cell: (tool: ToolCsvValues) => {
    const category = tree.findBySlug(tool.category);
    return category ? categoryPathText(tree.pathOf(category.id)) : tool.category;
  },
  read: (cell: string) => {
    const path = cell.trim();
    if (path === "") return undefined;
    const category = tree.findByPath(path.split(">").map((name) => name.trim()));
    if (!category) {
      throw new CellError(
        `No category has the path ${quoteCell(path)}: add it on the Categories screen first, or give the path of one there (its names from the top, joined by “${CATEGORY_PATH_SEPARATOR}”)`,
      );
    }
    return category.slug;
  },
});

/**
 * The columns in export order; prices with the currency's decimals (12.50 EUR, 1250 JPY), categories
 * by their path in `categories`.
 */
export function toolCsvColumns(currency: string, categories: CategoryTree): readonly ToolColumn[] {
  const money = (amount: number) => minorToFixed(amountToMinor(amount, currency), currency);
  return [
    // A new tool's SKU is required here as on the form (the import assigns none); text, so that an
    // empty cell is the schema's "SKU is required" and not the tool's old SKU kept.
    { header: "sku", field: "sku", cell: (tool) => tool.sku ?? "", read: text },
    { header: "name", field: "name", cell: (tool) => tool.name, read: text },
    { header: "short", field: "short", cell: (tool) => tool.short, read: text },
    {
      header: "price",
      field: "price",
      cell: (tool) => money(tool.price),
      read: number("The price"),
    },
    {
      header: "minimum",
      field: "minQuantity",
      cell: (tool) => String(tool.minQuantity),
      read: number("The minimum"),
    },
    {
      header: "stock",
      field: "availableQuantity",
      cell: (tool) => String(tool.availableQuantity),
      read: number("The stock"),
    },
    { header: "category", field: "category", ...categoryCell(categories) },
    { header: "image", field: "image", cell: (tool) => tool.image, read: text },
    {
      header: "price breaks",
      field: "priceBreaks",
      cell: (tool) => priceBreaksCell(tool.priceBreaks, money),
      read: (cell) => {
        const breaks = readPriceBreaksCell(cell);
        if (!breaks) {
          throw new CellError(
            `The price breaks must be ${PRICE_BREAKS_CELL_FORMAT}, not ${quoteCell(cell.trim())}`,
          );
        }
        return breaks;
      },
    },
  ];
}
