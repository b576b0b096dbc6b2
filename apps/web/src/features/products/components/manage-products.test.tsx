import type { IncomingMessage } from "node:http";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Tool } from "@toolshop/shared/tools";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { ManageProducts } from "./manage-products";

function renderManageProducts() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <ManageProducts />
      </MemoryRouter>
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

function readJson(request: IncomingMessage): Promise<unknown> {
  return new Promise((resolve) => {
    let body = "";
    request.on("data", (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on("end", () => resolve(body ? JSON.parse(body) : undefined));
  });
}

const pliers: Tool = {
  _id: "3f1e2d4c-5b6a-4789-8abc-def012345678",
  name: "Pliers",
  short: "Insulated pliers.",
  image: "/images/tools/pliers.svg",
  price: 12.5,
  minQuantity: 20,
  availableQuantity: 1200,
};

describe("ManageProducts", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("lists each product with its stock and saves an edited price with the stock it was opened with", async () => {
    let current = pliers;
    const patches: unknown[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (request.method === "PATCH") {
        const body = (await readJson(request)) as Tool;
        patches.push(body);
        current = { ...current, price: body.price };
        sendJson(response, 200, current);
      } else sendJson(response, 200, [current]);
    }));
    const user = renderManageProducts();

    const row = await screen.findByRole("article", { name: "Pliers" });
    expect(row.textContent).toContain("$12.50");
    expect(row.textContent).toContain("1,200");
    await user.click(within(row).getByRole("button", { name: "Edit Pliers" }));

    const dialog = await screen.findByRole("dialog", { name: "Edit Pliers" });
    const price = within(dialog).getByLabelText("Price (USD)");
    expect((price as HTMLInputElement).value).toBe("12.5");
    await user.clear(price);
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await within(dialog).findByText("Price is required")).toBeTruthy();
    await user.type(price, "14.75");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));

    expect(await screen.findByText("Pliers updated")).toBeTruthy();
    expect(patches).toEqual([
      {
        name: "Pliers",
        short: "Insulated pliers.",
        minQuantity: 20,
        availableQuantity: 1200,
        price: 14.75,
        image: "/images/tools/pliers.svg",
        previousAvailableQuantity: 1200,
      },
    ]);
    await expect.poll(() => screen.getByRole("article", { name: "Pliers" }).textContent).toContain("$14.75");
  });

  it("puts the new stock in the form when orders changed it while the admin was editing", async () => {
    let current = pliers;
    const patches: { previousAvailableQuantity: number; availableQuantity: number }[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (request.method !== "PATCH") return sendJson(response, 200, [current]);
      const body = (await readJson(request)) as (typeof patches)[number];
      patches.push(body);
      if (body.previousAvailableQuantity !== current.availableQuantity) {
        return sendJson(response, 409, {
          statusCode: 409,
          error: "Conflict",
          message: `The stock of Pliers changed while you were editing: ${current.availableQuantity} units are available now. Please check the stock and save again.`,
        });
      }
      current = { ...current, availableQuantity: body.availableQuantity };
      sendJson(response, 200, current);
    }));
    const user = renderManageProducts();
    await user.click(await screen.findByRole("button", { name: "Edit Pliers" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Pliers" });
    current = { ...pliers, availableQuantity: 1100 }; // a customer ordered 100 meanwhile

    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("1100 units are available now");
    await expect
      .poll(() => (within(dialog).getByLabelText("Available quantity") as HTMLInputElement).value)
      .toBe("1100");
    await user.click(within(dialog).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Pliers updated")).toBeTruthy();
    expect(patches.map((patch) => [patch.previousAvailableQuantity, patch.availableQuantity])).toEqual([
      [1200, 1200],
      [1100, 1100],
    ]);
  });

  it("asks before deleting and shows why the server refuses", async () => {
    const calls: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      if (request.method === "DELETE") {
        sendJson(response, 409, {
          statusCode: 409,
          error: "Conflict",
          message:
            "Pliers cannot be deleted: customers have paid for it, and their orders must keep it on record.",
        });
      } else sendJson(response, 200, [pliers]);
    }));
    const user = renderManageProducts();
    await user.click(await screen.findByRole("button", { name: "Delete Pliers" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Pliers?" });
    expect(calls).toEqual(["GET /api/tools"]);
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("customers have paid for it");
    expect(calls).toContain(`DELETE /api/tools/${pliers._id}`);
  });
});
