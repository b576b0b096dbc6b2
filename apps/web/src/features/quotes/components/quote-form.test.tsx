import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { QuoteForm } from "./quote-form";

describe("QuoteForm", () => {
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

  it("keeps submission disabled with a note giving email and phone instead", () => {
    render(<QuoteForm toolNames={[]} />);
    const submit = screen.getByRole("button", { name: "Send request" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    const note = document.getElementById(submit.getAttribute("aria-describedby") ?? "");
    expect(note?.textContent).toContain("Online quote requests open soon");
    expect(note?.querySelector('a[href^="mailto:"]')).toBeTruthy();
    expect(note?.querySelector('a[href^="tel:"]')).toBeTruthy();
  });
});
