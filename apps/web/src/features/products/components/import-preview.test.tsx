import { render, screen, within } from "@testing-library/react";
import type { ToolImportResult } from "@toolshop/shared/spreadsheets";
import { describe, expect, it } from "vitest";
import { ImportPreview } from "./import-preview";

const result: ToolImportResult = {
  applied: false,
  fingerprint: "0".repeat(64),
  counts: { create: 0, update: 1, unchanged: 0, error: 1 },
  rows: [
    {
      line: 2,
      action: "update",
      toolId: "0190a0a0-0000-7000-8000-000000000001",
      name: "Cordless Drill",
      changes: [
        { column: "price", from: "12.50", to: "13.00" },
        { column: "attr:voltage", from: "12", to: "18" },
        { column: "attr:grip", from: "Rubber", to: "" },
      ],
      errors: [],
    },
    {
      line: 3,
      action: "error",
      toolId: null,
      name: "Pliers",
      changes: [],
      errors: ["Voltage does not belong to this tool's category."],
    },
  ],
};

describe("ImportPreview", () => {
  it("shows specification changes by their attribute, a removed value as none, and a line's refusal", () => {
    render(
      <ImportPreview
        fileName="tools.csv"
        result={result}
        busy={false}
        error={null}
        onConfirm={() => {}}
        onCancel={() => {}}
      />,
    );
    const table = screen.getByRole("table", { name: /rows of tools\.csv/i });
    const [, refused, changed] = within(table).getAllByRole("row");
    expect(refused).toHaveTextContent("3");
    expect(refused).toHaveTextContent("Voltage does not belong to this tool's category.");
    expect(changed).toHaveTextContent("price: from 12.50 → to 13.00");
    expect(changed).toHaveTextContent("Specification voltage: from 12 → to 18");
    expect(changed).toHaveTextContent("Specification grip: from Rubber → to none");
    expect(screen.getByRole("button", { name: "Confirm import" })).toBeDisabled();
  });
});
