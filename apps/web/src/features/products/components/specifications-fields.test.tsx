import { screen, within } from "@testing-library/react";
import type { Attribute } from "@toolshop/shared/attributes";
import type { Tool } from "@toolshop/shared/tools";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ApiAnswer,
  type ApiCall,
  apiError,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { TEST_CATEGORIES, toolCategory } from "../../tools/test/categories";
import { EditProductDialog } from "./edit-product-dialog";

const attribute = (key: string, rest: Partial<Attribute>): Attribute => ({
  _id: `a0000000-0000-4000-8000-0000000000${key.length}${key.charCodeAt(0) % 10}`,
  key,
  name: key,
  kind: "text",
  unit: null,
  choices: [],
  categories: [],
  ...rest,
});

const ATTRIBUTES = [
  attribute("voltage", { name: "Voltage", kind: "number", unit: "V", categories: ["electrical"] }),
  attribute("insulation", { name: "Insulation", kind: "choice", choices: ["1000 V", "None"] }),
  attribute("cordless", { name: "Cordless", kind: "boolean", categories: ["drills"] }),
  attribute("jaw-length", { name: "Jaw length", kind: "number", unit: "mm", categories: ["mechanical"] }),
  attribute("grip", { name: "Grip", kind: "text" }),
];

const drill: Tool = {
  _id: "3f1e2d4c-5b6a-4789-8abc-def012345679",
  sku: "ED-1",
  name: "Drill",
  short: "A cordless drill.",
  image: "/images/tools/drill.svg",
  price: 99,
  minQuantity: 1,
  availableQuantity: 10,
  category: toolCategory("drills"),
  priceBreaks: [],
  images: [{ url: "/images/tools/drill.svg", alt: "" }],
  documents: [],
  modelNumber: null,
  discontinued: false,
  related: { accessories: [], spareParts: [], fits: [], worksWith: [], successor: null },
  attributes: [
    { key: "voltage", name: "Voltage", value: 12, unit: "V" },
    { key: "insulation", name: "Insulation", value: "None", unit: null },
  ],
};

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

/** The calls the dialog makes, answered as the server would; `refusePut` answers the values' PUT. */
async function renderDialog(refusePut?: ApiAnswer) {
  const api = await startOrdersApi((call) => {
    if (call.path === "/api/categories") return { status: 200, body: { categories: TEST_CATEGORIES } };
    if (call.path === "/api/attributes") return { status: 200, body: ATTRIBUTES };
    if (call.path.endsWith("/stock-settings")) return { status: 200, body: { lowStockThreshold: null } };
    if (call.method === "PATCH") return { status: 200, body: { ...drill, ...(call.body as object) } };
    if (call.method === "PUT") return refusePut ?? { status: 200, body: [] };
    return { status: 404, body: {} };
  });
  close = api.close;
  const closed = { done: false };
  const rendered = renderScreen(<EditProductDialog tool={drill} onClose={() => (closed.done = true)} />);
  const dialog = await screen.findByRole("dialog", { name: "Edit Drill" });
  const specs = within(dialog).getByRole("group", { name: "Specifications" });
  await within(specs).findByLabelText(/Voltage/);
  return { ...rendered, api, dialog, specs, closed };
}

const sent = (calls: ApiCall[]) =>
  calls.filter((call) => call.method !== "GET").map((call) => `${call.method} ${call.path}`);

describe("The edit screen's Specifications", () => {
  it("gives a field of its kind for each attribute of the tool's category and those above it, prefilled", async () => {
    const { specs } = await renderDialog();
    const voltage = within(specs).getByLabelText(/^Voltage/);
    expect(voltage).toHaveValue("12");
    expect(voltage).toHaveAttribute("inputmode", "decimal");
    expect(within(specs).getByLabelText("Insulation")).toHaveValue("None");
    expect(
      within(within(specs).getByLabelText("Cordless"))
        .getAllByRole("option")
        .map((option) => option.textContent),
    ).toEqual(["Not given", "Yes", "No"]);
    expect(within(specs).getByLabelText("Grip")).toHaveValue("");
    // Mechanical's attribute is not the drill's.
    expect(within(specs).queryByLabelText(/Jaw length/)).not.toBeInTheDocument();
  });

  it("sends the whole list after the product, an emptied field as no value, a number as a number", async () => {
    const { user, api, dialog, specs, closed } = await renderDialog();
    const voltage = within(specs).getByLabelText(/^Voltage/);
    await user.clear(voltage);
    await user.type(voltage, "18,5");
    await user.selectOptions(within(specs).getByLabelText("Insulation"), "Not given");
    await user.selectOptions(within(specs).getByLabelText("Cordless"), "Yes");
    await user.type(within(specs).getByLabelText("Grip"), "  Rubber ");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await expect.poll(() => closed.done).toBe(true);
    expect(sent(api.calls)).toEqual([
      `PATCH /api/tools/${drill._id}`,
      `PUT /api/tools/${drill._id}/attributes`,
    ]);
    expect(api.calls.find((call) => call.method === "PUT")?.body).toEqual({
      values: [
        { key: "voltage", value: 18.5 },
        { key: "cordless", value: true },
        { key: "grip", value: "Rubber" },
      ],
    });
  });

  it("refuses a value that does not fit its kind under its field, sending nothing, and sends no unchanged list", async () => {
    const { user, api, dialog, specs, closed } = await renderDialog();
    const voltage = within(specs).getByLabelText(/^Voltage/);
    await user.clear(voltage);
    await user.type(voltage, "eighteen");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await expect.poll(() => voltage.getAttribute("aria-invalid")).toBe("true");
    expect(voltage).toHaveAccessibleDescription("Voltage takes a number.");
    expect(voltage).toHaveFocus();
    expect(sent(api.calls)).toEqual([]);
    await user.clear(voltage);
    await user.type(voltage, "12");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    await expect.poll(() => closed.done).toBe(true);
    expect(sent(api.calls)).toEqual([`PATCH /api/tools/${drill._id}`]);
  });

  it("shows the server's refusal of a value under its field, the product being saved", async () => {
    const { user, dialog, specs } = await renderDialog(
      apiError(400, "Bad Request", "Insulation takes one of 1000 V, None."),
    );
    await user.selectOptions(within(specs).getByLabelText("Insulation"), "1000 V");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(
      "The product was saved, but not its specifications: Insulation takes one of 1000 V, None.",
    );
    expect(within(specs).getByLabelText("Insulation")).toHaveAccessibleDescription(
      "Insulation takes one of 1000 V, None.",
    );
  });
});
