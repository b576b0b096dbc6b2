import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { QuoteForm } from "./quote-form";

describe("QuoteForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("offers the catalogue's tools and validates each field with the shared schema's messages", async () => {
    render(<QuoteForm toolNames={["Pliers", "Fish Tape"]} />);
    const user = userEvent.setup();

    const options = screen.getAllByRole("option").map((option) => option.textContent);
    expect(options).toEqual(["Any tool / not sure yet", "Pliers", "Fish Tape"]);

    await user.click(screen.getByLabelText("Name"));
    await user.type(screen.getByLabelText(/Email/), "not-an-email");
    await user.type(screen.getByLabelText(/Quantity/), "0");
    await user.click(screen.getByLabelText("Message"));
    await user.click(screen.getByLabelText(/Phone/));

    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("Please Enter Valid Email")).toBeTruthy();
    expect(screen.getByText("Quantity must be at least 1")).toBeTruthy();
    expect(screen.getByText("Message is required")).toBeTruthy();
  });

  it("sends the request to POST /api/quotes and shows a thank-you message instead of the form", async () => {
    let received: unknown;
    ({ close } = await startTestApi(async (request, response) => {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      received = {
        method: request.method,
        url: request.url,
        body: JSON.parse(Buffer.concat(chunks).toString()),
      };
      sendJson(response, 201, { _id: "q1" });
    }));
    render(<QuoteForm toolNames={["Pliers"]} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Name"), "Bob Builder");
    await user.type(screen.getByLabelText(/Email/), "bob@example.com");
    await user.selectOptions(screen.getByLabelText(/Tool/), "Pliers");
    await user.type(screen.getByLabelText(/Quantity/), "250");
    await user.type(screen.getByLabelText("Message"), "250 pliers by March, please.");
    await user.click(screen.getByRole("button", { name: "Send request" }));

    expect((await screen.findByRole("status")).textContent).toContain("Thank you, Bob Builder!");
    expect(screen.queryByRole("button", { name: "Send request" })).toBeNull();
    expect(received).toEqual({
      method: "POST",
      url: "/api/quotes",
      body: {
        name: "Bob Builder",
        email: "bob@example.com",
        phone: "",
        company: "",
        tool: "Pliers",
        quantity: 250,
        message: "250 pliers by March, please.",
      },
    });

    await user.click(screen.getByRole("button", { name: "Send another request" }));
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("keeps the form and says why when the server refuses (rate limit)", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 429, {
        statusCode: 429,
        error: "Too Many Requests",
        message: "Too many attempts, try again in a minute",
      }),
    ));
    render(
      <>
        <QuoteForm toolNames={[]} />
        <ToastHost />
      </>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Name"), "Bob");
    await user.type(screen.getByLabelText(/Email/), "bob@example.com");
    await user.type(screen.getByLabelText("Message"), "Hello");
    await user.click(screen.getByRole("button", { name: "Send request" }));
    expect(await screen.findByText("Too many attempts, try again in a minute")).toBeTruthy();
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Bob");
  });
});
