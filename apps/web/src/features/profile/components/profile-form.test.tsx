import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TAX_ID_MESSAGE } from "@toolshop/shared/profile";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { ProfileForm } from "./profile-form";

const saved = {
  email: "ann@example.com",
  displayName: "Ann",
  address: "1 Main St",
  education: "",
  phoneNumber: "",
  location: "",
  linkedin: "",
  company: "",
  taxId: "",
};

function renderForm(onNameSaved: (name: string) => void = () => undefined) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ProfileForm email="ann@example.com" onNameSaved={onNameSaved} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe("ProfileForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('opens with the saved values, saves changes, toasts "updated profile" and reports the new name', async () => {
    let stored = { ...saved };
    const puts: unknown[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (request.method === "PUT") {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        const body = JSON.parse(Buffer.concat(chunks).toString());
        puts.push(body);
        stored = { ...stored, ...body };
      }
      sendJson(response, 200, stored);
    }));
    const names: string[] = [];
    const user = renderForm((name) => names.push(name));

    const name = (await screen.findByLabelText(/^Name/)) as HTMLInputElement;
    expect(name.value).toBe("Ann");
    expect((screen.getByLabelText(/^Address/) as HTMLInputElement).value).toBe("1 Main St");
    expect(screen.getByText("ann@example.com")).toBeInTheDocument();

    await user.clear(name);
    await user.type(name, "Ann Smith");
    await user.type(screen.getByLabelText(/^LinkedIn/), "https://www.linkedin.com/in/ann");
    await user.type(screen.getByLabelText(/^Company/), "Buyer Electrical Ltd");
    await user.type(screen.getByLabelText(/^VAT number/), "GB 123 4567 89");
    await user.click(screen.getByRole("button", { name: "Update profile" }));

    expect(await screen.findByText("updated profile")).toBeInTheDocument();
    expect(puts).toEqual([
      {
        displayName: "Ann Smith",
        address: "1 Main St",
        education: "",
        phoneNumber: "",
        location: "",
        linkedin: "https://www.linkedin.com/in/ann",
        company: "Buyer Electrical Ltd",
        taxId: "GB 123 4567 89",
      },
    ]);
    expect(names).toEqual(["Ann Smith"]);
  });

  it("takes the address in lines, as the checkouts it fills, and saves them as lines", async () => {
    const puts: { address?: string }[] = [];
    ({ close } = await startTestApi(async (request, response) => {
      if (request.method === "PUT") {
        const chunks: Buffer[] = [];
        for await (const chunk of request) chunks.push(chunk as Buffer);
        puts.push(JSON.parse(Buffer.concat(chunks).toString()));
      }
      sendJson(response, 200, saved);
    }));
    const user = renderForm();
    const address = await screen.findByRole("textbox", { name: /^Address/ });
    expect(address.tagName).toBe("TEXTAREA");
    await user.clear(address);
    await user.type(address, "Unit 4, Forge Park{Enter}Sheffield{Enter}{Enter}S1 2AB ");
    await user.click(screen.getByRole("button", { name: "Update profile" }));
    expect(await screen.findByText("updated profile")).toBeInTheDocument();
    expect(puts.map((body) => body.address)).toEqual(["Unit 4, Forge Park\nSheffield\nS1 2AB"]);
  });

  it("checks the phone number, LinkedIn address and VAT number before saving", async () => {
    let puts = 0;
    ({ close } = await startTestApi((request, response) => {
      if (request.method === "PUT") puts += 1;
      sendJson(response, 200, saved);
    }));
    const user = renderForm();
    await user.type(await screen.findByLabelText(/^Phone number/), "call me");
    await user.type(screen.getByLabelText(/^LinkedIn/), "linkedin ann");
    await user.type(screen.getByLabelText(/^VAT number/), "<b>GB</b>");
    await user.click(screen.getByRole("button", { name: "Update profile" }));
    expect(await screen.findByText("Phone number must contain digits only")).toBeInTheDocument();
    expect(screen.getByText(TAX_ID_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText("LinkedIn must be a web address (https://…)")).toBeInTheDocument();
    expect(puts).toBe(0);
  });

  it("shows why the profile could not be loaded", async () => {
    ({ close } = await startTestApi((_request, response) =>
      sendJson(response, 500, { statusCode: 500, error: "Internal Server Error", message: "Database down" }),
    ));
    renderForm();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("Your profile could not be loaded.");
    expect(alert.textContent).toContain("Database down");
  });
});
