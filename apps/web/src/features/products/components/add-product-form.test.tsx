import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { categoriesKey } from "../../categories/api/get-categories";
import { TEST_CATEGORIES } from "../../tools/test/categories";
import { AddProductForm } from "./add-product-form";

function renderForm(options: Parameters<typeof userEvent.setup>[0] = {}) {
  // The category tree is there already (the dashboard has it), so the form sends only its own calls.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } });
  queryClient.setQueryData(categoriesKey, TEST_CATEGORIES);
  render(
    <QueryClientProvider client={queryClient}>
      <AddProductForm />
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup(options);
}

interface FetchCall {
  method: string;
  path: string;
  body: unknown;
}

/**
 * Answers the API calls in place of the network: jsdom's FormData and File cannot be sent by Node's
 * fetch (the test API server never receives the upload), so the upload tests look at the request itself.
 */
function fakeFetch(answer: (call: FetchCall) => Response): FetchCall[] {
  const calls: FetchCall[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const call = { method: init?.method ?? "GET", path: new URL(String(input)).pathname, body: init?.body };
    calls.push(call);
    return answer(call);
  });
  return calls;
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const png = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], "cutter.png", { type: "image/png" });

async function fillValidProduct(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Product Name"), "Cable Cutter");
  await user.type(screen.getByLabelText("SKU"), "CC-20/A");
  await user.type(screen.getByLabelText("Short description"), "Cuts cable up to 20 mm.");
  await user.selectOptions(screen.getByLabelText("Category"), "Electrical");
  await user.type(screen.getByLabelText("Minimum quantity"), "10");
  await user.type(screen.getByLabelText("Available quantity"), "500");
  await user.type(screen.getByLabelText("Price (USD)"), "24.99");
  await user.upload(screen.getByLabelText(/^Image/), png());
}

describe("AddProductForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    vi.restoreAllMocks();
    await close?.();
    close = undefined;
  });

  it("shows the message of every empty field and sends nothing", async () => {
    const calls: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      sendJson(response, 500, {});
    }));
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Add product" }));
    for (const message of [
      "Product Name is required",
      "SKU is required",
      "Short description is required",
      "Category is required",
      "Minimum quantity is required",
      "Available quantity is required",
      "Price is required",
      "image is required",
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getByLabelText("Product Name").getAttribute("aria-invalid")).toBe("true");
    expect(calls).toEqual([]);
  });

  it("checks the numbers and refuses an SVG before anything is sent", async () => {
    const user = renderForm({ applyAccept: false });
    await user.type(screen.getByLabelText("Product Name"), "Cable Cutter");
    await user.type(screen.getByLabelText("Short description"), "Cuts cable.");
    await user.selectOptions(screen.getByLabelText("Category"), "Mechanical");
    await user.type(screen.getByLabelText("Minimum quantity"), "0");
    await user.type(screen.getByLabelText("Available quantity"), "-1");
    await user.type(screen.getByLabelText("Price (USD)"), "0");
    await user.upload(
      screen.getByLabelText(/^Image/),
      new File(["<svg xmlns='http://www.w3.org/2000/svg'/>"], "logo.svg", { type: "image/svg+xml" }),
    );
    await user.click(screen.getByRole("button", { name: "Add product" }));
    expect(await screen.findByText("Minimum quantity must be at least 1")).toBeInTheDocument();
    expect(screen.getByText("Available quantity must be at least 0")).toBeInTheDocument();
    expect(screen.getByText("Price must be more than 0")).toBeInTheDocument();
    expect(screen.getByText(/SVG images are not accepted/)).toBeInTheDocument();
  });

  it("refuses a file that is not a picture as it is chosen: one error under Image, no preview", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const user = renderForm({ applyAccept: false });
    const image = screen.getByLabelText(/^Image/);
    await user.upload(image, new File(["just some text"], "photo.png", { type: "image/png" }));
    expect(await screen.findByText(/This file is not a picture we can read/)).toBeInTheDocument();
    expect(screen.getAllByText(/not a picture/)).toHaveLength(1);
    expect(image.getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByRole("img")).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();

    await user.upload(image, png());
    await waitFor(() => expect(screen.queryByText(/not a picture/)).not.toBeInTheDocument());
  });

  it("uploads the picture first, then adds the product with its URL, says so and starts again empty", async () => {
    const calls = fakeFetch((call) =>
      call.path === "/api/uploads"
        ? json(200, { success: true, data: { url: "/uploads/0123456789abcdef0123456789abcdef.webp" } })
        : call.path === "/api/categories"
          ? json(200, { categories: TEST_CATEGORIES })
          : json(201, { _id: "3f1e2d4c-5b6a-4789-8abc-def012345678", ...JSON.parse(String(call.body)) }),
    );
    const user = renderForm();
    await fillValidProduct(user);
    await user.click(screen.getByRole("button", { name: "Add product" }));

    expect(await screen.findByText("Your product Added")).toBeInTheDocument();
    // Then the catalogue's reads are refreshed: the category tree's tool counts among them.
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
        "POST /api/uploads",
        "POST /api/tools",
        "GET /api/categories",
      ]),
    );
    const upload = calls[0]?.body;
    expect(upload).toBeInstanceOf(FormData);
    expect(((upload as FormData).get("image") as File).name).toBe("cutter.png");
    expect(JSON.parse(String(calls[1]?.body))).toEqual({
      sku: "CC-20/A",
      name: "Cable Cutter",
      short: "Cuts cable up to 20 mm.",
      minQuantity: 10,
      availableQuantity: 500,
      price: 24.99,
      image: "/uploads/0123456789abcdef0123456789abcdef.webp",
      category: "electrical",
      priceBreaks: [],
    });
    await expect.poll(() => (screen.getByLabelText("Product Name") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Price (USD)") as HTMLInputElement).value).toBe("");
    expect((screen.getByLabelText("Category") as HTMLSelectElement).value).toBe("");
    // (user-event's stubbed file outlives a form reset; e2e/admin-catalogue.spec.ts checks it is gone.)
  });

  it("refuses a SKU that is a path or has a look-alike letter, and shows a taken one under its field", async () => {
    const user = renderForm();
    const sku = screen.getByLabelText("SKU");
    for (const hostile of ["../etc", "PL 180", "PL-18\u0410"]) {
      await user.clear(sku);
      await user.type(sku, hostile);
      await user.tab();
      expect(
        await screen.findByText(
          "The SKU may hold only letters, digits and - . / (each between two letters or digits)",
        ),
      ).toBeInTheDocument();
    }
    fakeFetch((call) =>
      call.path === "/api/uploads"
        ? json(200, { success: true, data: { url: "/uploads/0123456789abcdef0123456789abcdef.webp" } })
        : call.path === "/api/categories"
          ? json(200, { categories: TEST_CATEGORIES })
          : json(409, {
              statusCode: 409,
              error: "Conflict",
              message: "Another tool already has the SKU CC-20/A.",
            }),
    );
    await user.clear(sku);
    await fillValidProduct(user);
    await user.click(screen.getByRole("button", { name: "Add product" }));
    await waitFor(() => expect(sku.getAttribute("aria-invalid")).toBe("true"));
    expect(sku.getAttribute("aria-describedby") ?? "").not.toBe("");
    expect(screen.getAllByText("Another tool already has the SKU CC-20/A.").length).toBeGreaterThan(0);
  });

  it("creates no product when the upload is refused, and shows the server's sentence", async () => {
    const calls = fakeFetch(() =>
      json(400, {
        statusCode: 400,
        error: "Bad Request",
        message:
          "This file is not a picture we can read. Please choose a JPEG, PNG, WebP, GIF or AVIF image.",
      }),
    );
    const user = renderForm();
    await fillValidProduct(user);
    await user.click(screen.getByRole("button", { name: "Add product" }));
    const alerts = await screen.findAllByText(/This file is not a picture we can read/);
    expect(alerts.length).toBeGreaterThan(0);
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual(["POST /api/uploads"]);
    expect((screen.getByLabelText("Product Name") as HTMLInputElement).value).toBe("Cable Cutter");
  });
});
