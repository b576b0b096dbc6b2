// What importing a catalogue file would do, row by row (decision 0045): each row is checked with the
// shared tool schema, the one the admin's form and POST/PATCH /api/tools use, against the catalogue
// as it is. Nothing here writes.
import { createHash } from "node:crypto";
import type { Attribute } from "@toolshop/shared/attributes";
import { SKU_REQUIRED, skuTaken } from "@toolshop/shared/sku";
import {
  ATTRIBUTE_COLUMN_PREFIX,
  type ToolImportResult,
  type ToolImportRow,
} from "@toolshop/shared/spreadsheets";
import { type CreateToolBody, createToolBodySchema, type Tool } from "@toolshop/shared/tools";
import { z } from "zod";
import type { CsvRecord } from "../../lib/csv";
import { HttpError } from "../../lib/http-errors";
import type { StoredAttributeValue } from "../attributes/values";
import { CellError, ID_HEADER, quoteCell, type ToolColumn, toolCsvValues } from "./csv-columns";
import { attributeHeader, planSpecifications, type SpecificationContext } from "./csv-specifications";

/** A row the import would write: the values it was checked with, and the tool it updates. */
export interface PlannedWrite {
  row: ToolImportRow;
  values: CreateToolBody;
  /** The tool as it was read (an update), for the write's check that the stock did not move. */
  current?: Tool;
  /** The tool's whole list of specification values, when the file changes any of them. */
  specifications?: { attributeId: string; stored: StoredAttributeValue }[];
}

export interface ImportPlan {
  result: ToolImportResult;
  writes: PlannedWrite[];
}

/** Whether a new picture may be used: an upload of this shop that is still stored. */
export type ImageCheck = (url: string) => Promise<boolean>;

const toolIdSchema = z.uuid().toLowerCase();

/** The header's columns, by position; refuses a file whose header the import cannot read. */
function readHeader(
  header: CsvRecord | undefined,
  columns: readonly ToolColumn[],
  attributes: readonly Attribute[],
) {
  const known = [ID_HEADER, ...columns.map((column) => column.header)];
  const attributeHeaders = new Set(attributes.map((attribute) => attributeHeader(attribute.key)));
  const names = `The columns are: ${known.join(", ")}.`;
  if (!header) throw new HttpError(400, `The file is empty: its first line must name the columns. ${names}`);
  const seen = new Set<string>();
  const byPosition = header.cells.map((cell) => {
    const name = cell.trim().toLowerCase();
    if (name.startsWith(ATTRIBUTE_COLUMN_PREFIX) && !attributeHeaders.has(name)) {
      const keys = attributes.map((attribute) => attribute.key).join(", ") || "none yet";
      throw new HttpError(
        400,
        `Line ${header.line} has the column ${quoteCell(cell)}, but no attribute has the key ${quoteCell(name.slice(ATTRIBUTE_COLUMN_PREFIX.length))}: add it on the attributes screen first, or take the column out. The attributes' keys are: ${keys}.`,
      );
    }
    if (!known.includes(name) && !attributeHeaders.has(name)) {
      throw new HttpError(400, `Line ${header.line} has the unknown column ${quoteCell(cell)}. ${names}`);
    }
    if (seen.has(name)) throw new HttpError(400, `Line ${header.line} names the column “${name}” twice.`);
    seen.add(name);
    return name;
  });
  if (!seen.has(ID_HEADER) && !seen.has("name")) {
    throw new HttpError(
      400,
      `The file needs an “id” or a “name” column to know which tools it changes. ${names}`,
    );
  }
  return byPosition;
}

/** The file's rows checked against `catalogue`: the preview, and the writes if there is no error. */
export async function planImport(
  records: CsvRecord[],
  catalogue: Tool[],
  columns: readonly ToolColumn[],
  imageIsOurs: ImageCheck,
  specifications: SpecificationContext,
): Promise<ImportPlan> {
  const [header, ...rows] = records;
  const positions = readHeader(header, columns, specifications.attributes);
  const usedAttributes = specifications.attributes.filter((attribute) =>
    positions.includes(attributeHeader(attribute.key)),
  );
  const used = positions.flatMap((name) => columns.filter((column) => column.header === name));
  const byId = new Map(catalogue.map((tool) => [tool._id, tool]));
  const byName = new Map<string, Tool[]>();
  for (const tool of catalogue) {
    const named = byName.get(tool.name);
    if (named) named.push(tool);
    else byName.set(tool.name, [tool]);
  }
  // A picture another tool already shows is ours; any other must be a stored upload (checked once).
  const shownImages = new Set(catalogue.map((tool) => tool.image));
  const checkedImages = new Map<string, Promise<boolean>>();
  const imageAllowed = (url: string) => {
    if (shownImages.has(url)) return Promise.resolve(true);
    const checked = checkedImages.get(url) ?? imageIsOurs(url);
    checkedImages.set(url, checked);
    return checked;
  };
  const claimedTools = new Map<string, number>();
  const claimedNames = new Map<string, number>();
  // SKUs without case (decision 0056): whose each is in the shop, and which line of the file gave it.
  const skuHolders = new Map(catalogue.map((tool) => [tool.sku.toLowerCase(), tool._id]));
  const claimedSkus = new Map<string, number>();

  const planned: PlannedWrite[] = [];
  for (const record of rows) {
    if (record.cells.every((cell) => cell.trim() === "")) continue;
    const cellOf = (name: string) => {
      const position = positions.indexOf(name);
      return position === -1 ? undefined : (record.cells[position] ?? "");
    };
    const errors: string[] = [];
    if (record.cells.length > positions.length) {
      errors.push(
        `The row has ${record.cells.length} cells but the header names ${positions.length} columns.`,
      );
    }

    // Which tool: by id when the row has one, otherwise by its exact name (a new tool when none has it).
    let current: Tool | undefined;
    const idCell = cellOf(ID_HEADER)?.trim() ?? "";
    const nameCell = cellOf("name")?.trim() ?? "";
    if (idCell !== "") {
      const id = toolIdSchema.safeParse(idCell);
      current = id.success ? byId.get(id.data) : undefined;
      if (!current) errors.push(`No tool has the id ${quoteCell(idCell)}.`);
    } else if (nameCell !== "") {
      const named = byName.get(nameCell) ?? [];
      if (named.length > 1) {
        errors.push(
          `${named.length} tools are named ${quoteCell(nameCell)}: give the id of the one to change.`,
        );
      }
      current = named[0];
    }

    const input: Record<string, unknown> = current ? toolCsvValues(current) : {};
    const unreadable = new Set<PropertyKey>();
    for (const column of used) {
      try {
        input[column.field] = column.read(cellOf(column.header) ?? "");
      } catch (error) {
        if (!(error instanceof CellError)) throw error;
        errors.push(error.message);
        unreadable.add(column.field);
      }
    }
    const parsed = createToolBodySchema.safeParse(input);
    if (parsed.success) {
      if (parsed.data.image !== current?.image && !(await imageAllowed(parsed.data.image))) {
        errors.push(`The image ${quoteCell(parsed.data.image)} is not a picture uploaded to this shop.`);
      }
    } else {
      for (const issue of parsed.error.issues) {
        // A cell already said to be unreadable is not also "required".
        if (unreadable.has(issue.path[0] ?? "")) continue;
        const message = rowMessage(issue);
        if (!errors.includes(message)) errors.push(message);
      }
    }
    const name = parsed.data?.name ?? (nameCell || current?.name || "");
    // The SKU as read even when another cell is wrong, so that the row says all it has to.
    const sku = parsed.data?.sku ?? (typeof input.sku === "string" ? input.sku.trim() : undefined);
    for (const message of skuErrors(sku || undefined, current, record.line, skuHolders, claimedSkus)) {
      if (!errors.includes(message)) errors.push(message);
    }

    // One row per tool: two rows changing the same tool would each overwrite the other.
    const [claims, claimKey] = current ? [claimedTools, current._id] : [claimedNames, name];
    const earlier = claims.get(claimKey);
    if (earlier !== undefined) {
      errors.push(
        `Line ${earlier} already ${current ? "changes this tool" : `adds a tool named ${quoteCell(name)}`}.`,
      );
    } else if (claimKey !== "") {
      claims.set(claimKey, record.line);
    }

    const values = parsed.data ?? (input as CreateToolBody);
    const changes = used.flatMap((column) => {
      const from = current ? column.cell(toolCsvValues(current)) : "";
      const to = parsed.success ? column.cell(parsed.data) : (cellOf(column.header) ?? "");
      return from === to ? [] : [{ column: column.header, from, to }];
    });
    const spec = planSpecifications(specifications, usedAttributes, current, values.category, cellOf);
    changes.push(...spec.changes);
    for (const message of spec.errors) if (!errors.includes(message)) errors.push(message);
    const action =
      errors.length > 0 ? "error" : !current ? "create" : changes.length > 0 ? "update" : "unchanged";
    const row: ToolImportRow = {
      line: record.line,
      action,
      toolId: current?._id ?? null,
      name,
      changes: action === "error" ? [] : changes,
      errors,
    };
    planned.push({
      row,
      values,
      ...(current ? { current } : {}),
      ...(spec.changes.length > 0 ? { specifications: spec.list } : {}),
    });
  }

  const result = summarize(planned.map((write) => write.row));
  const writes = planned.filter((write) => write.row.action === "create" || write.row.action === "update");
  return { result, writes };
}

/**
 * A row's SKU against the shop and the file: a new tool needs one (the import assigns none), another
 * tool of the shop may not have it, nor may an earlier line have given it, in any case. A swap of two
 * tools' SKUs takes two imports: each line is checked against the shop as it is.
 */
function skuErrors(
  sku: string | undefined,
  current: Tool | undefined,
  line: number,
  holders: ReadonlyMap<string, string>,
  claimed: Map<string, number>,
): string[] {
  if (sku === undefined) return current ? [] : [SKU_REQUIRED];
  const key = sku.toLowerCase();
  const holder = holders.get(key);
  if (holder !== undefined && holder !== current?._id) return [skuTaken(sku)];
  const earlier = claimed.get(key);
  if (earlier !== undefined) return [`Line ${earlier} already gives the SKU ${sku}.`];
  claimed.set(key, line);
  return [];
}

/** A schema issue as the row's error: a price break's says which ("The quantity…" of what?). */
function rowMessage(issue: z.core.$ZodIssue): string {
  const [field, index] = issue.path;
  return field === "priceBreaks" && typeof index === "number"
    ? `Price break ${index + 1}: ${issue.message}`
    : issue.message;
}

function summarize(rows: ToolImportRow[]): ToolImportResult {
  const counts = { create: 0, update: 0, unchanged: 0, error: 0 };
  for (const row of rows) counts[row.action]++;
  // The rows' actions, tools and changes, which hold the catalogue's values they were compared with:
  // the same fingerprint means the same file met the same catalogue.
  const fingerprint = createHash("sha256").update(JSON.stringify(rows)).digest("hex");
  return { applied: false, fingerprint, counts, rows };
}
