import { screen, waitFor, within } from "@testing-library/react";
import type { Attribute } from "@toolshop/shared/attributes";
import { afterEach, describe, expect, it } from "vitest";
import { type ApiCall, apiError, renderScreen, startOrdersApi } from "../../orders/test/render-with-api";
import { TEST_CATEGORIES } from "../../tools/test/categories";
import { ManageAttributes } from "./manage-attributes";

const VOLTAGE: Attribute = {
  _id: "a0000000-0000-4000-8000-000000000001",
  key: "voltage",
  name: "Voltage",
  kind: "number",
  unit: "V",
  choices: [],
  categories: ["electrical"],
};
const INSULATION: Attribute = {
  _id: "a0000000-0000-4000-8000-000000000002",
  key: "insulation",
  name: "Insulation",
  kind: "choice",
  unit: null,
  choices: ["1000 V", "None"],
  categories: [],
};

/** The attributes API over a list kept here; a key taken is refused as the server refuses it. */
async function startAttributesApi() {
  let list: Attribute[] = [VOLTAGE, INSULATION];
  return startOrdersApi((call) => {
    if (call.path === "/api/categories") return { status: 200, body: { categories: TEST_CATEGORIES } };
    if (call.method === "POST") {
      const body = call.body as Attribute;
      if (list.some((each) => each.key === body.key)) {
        return apiError(409, "Conflict", `Another attribute already has the key ${body.key}.`);
      }
      const added = {
        ...body,
        _id: `a0000000-0000-4000-8000-00000000001${list.length}`,
        unit: body.unit ?? null,
      };
      list = [...list, added];
      return { status: 201, body: added };
    }
    if (call.method === "DELETE") {
      list = list.filter((each) => each._id !== call.path.split("/")[3]);
      return { status: 200, body: { deletedCount: 1 } };
    }
    return { status: 200, body: list };
  });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function renderAttributes() {
  const api = await startAttributesApi();
  close = api.close;
  return { api, ...renderScreen(<ManageAttributes />) };
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== "GET");

describe("Manage attributes", () => {
  it("lists each attribute in order with its kind, unit, choices and categories by path", async () => {
    await renderAttributes();
    const list = await screen.findByRole("list", { name: "Attributes" });
    const rows = within(list).getAllByRole("article");
    expect(rows.map((row) => within(row).getByRole("heading").textContent)).toEqual([
      "Voltage",
      "Insulation",
    ]);
    expect(rows[0]).toHaveTextContent("Number with a unit in V");
    expect(rows[0]).toHaveTextContent("CategoriesElectrical");
    expect(
      within(rows[1] as HTMLElement).getByRole("list", { name: "Choices of Insulation" }),
    ).toHaveTextContent("1000 VNone");
    expect(rows[1]).toHaveTextContent("Every category");
  });

  it("checks the form with the route's schema before sending: a choice needs its choices", async () => {
    const { user, api } = await renderAttributes();
    const form = await screen.findByRole("form", { name: "Add an attribute" });
    await user.click(within(form).getByRole("button", { name: "Add attribute" }));
    expect(await within(form).findByText("The name is required")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Name"), "Jaw Class");
    expect(within(form).getByLabelText("Key")).toHaveValue("jaw-class");
    await user.selectOptions(within(form).getByLabelText("Kind"), "Choice from a list");
    // A unit typed for a number is not sent with a choice; the choice's own field says what it lacks.
    expect(within(form).queryByLabelText(/Unit/)).not.toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Add attribute" }));
    expect(await within(form).findByText("A choice needs at least one value to choose")).toBeInTheDocument();
    await user.type(within(form).getByLabelText("Choices"), "A{Enter}b{Enter}a");
    await user.click(within(form).getByRole("button", { name: "Add attribute" }));
    expect(await within(form).findByText("Each choice may be listed once")).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it("adds a number in its unit for the ticked categories, and shows a key taken under the key", async () => {
    const { user, api } = await renderAttributes();
    const form = await screen.findByRole("form", { name: "Add an attribute" });
    await user.type(within(form).getByLabelText("Name"), "Torque");
    await user.type(within(form).getByLabelText(/Unit/), "Nm");
    await user.click(await within(form).findByRole("checkbox", { name: "Electrical > Drills" }));
    expect(within(form).getByText(/belongs to the ticked categories/)).toBeInTheDocument();
    await user.click(within(form).getByRole("button", { name: "Add attribute" }));
    const list = await screen.findByRole("list", { name: "Attributes" });
    await waitFor(() => expect(within(list).getAllByRole("article")).toHaveLength(3));
    expect(writes(api.calls).map((call) => call.body)).toEqual([
      { key: "torque", name: "Torque", kind: "number", unit: "Nm", choices: [], categories: ["drills"] },
    ]);
    // The form starts again, every category unticked.
    expect(within(form).getByLabelText("Name")).toHaveValue("");
    expect(within(form).getByRole("checkbox", { name: "Electrical > Drills" })).not.toBeChecked();

    await user.type(within(form).getByLabelText("Name"), "Voltage");
    await user.click(within(form).getByRole("button", { name: "Add attribute" }));
    const key = within(form).getByLabelText("Key");
    await waitFor(() =>
      expect(key).toHaveAccessibleDescription(/Another attribute already has the key voltage\./),
    );
    expect(key).toHaveFocus();
  });

  it("asks before deleting, saying the products' values go with it", async () => {
    const { user, api } = await renderAttributes();
    await user.click(await screen.findByRole("button", { name: "Delete Voltage" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Voltage?" });
    expect(dialog).toHaveTextContent("every product's Voltage value");
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Voltage" })).not.toBeInTheDocument());
    expect(writes(api.calls).map((call) => `${call.method} ${call.path}`)).toEqual([
      `DELETE /api/attributes/${VOLTAGE._id}`,
    ]);
  });
});
