import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { PASSWORD_RULE } from "@toolshop/shared/auth";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { startAccountsApi } from "../../../test/fake-accounts-api";
import { SignUpForm } from "./signup-form";

function renderForm() {
  render(
    <MemoryRouter>
      <SignUpForm />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

describe("SignUpForm", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    localStorage.clear();
    await close?.();
    close = undefined;
  });

  it("shows docs/product.md's required messages under each empty field", async () => {
    const user = renderForm();
    await user.click(screen.getByRole("button", { name: "Sign Up" }));

    expect(await screen.findByText("Name is required")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).toHaveAccessibleDescription("Name is required");
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Email is required");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      `password is required ${PASSWORD_RULE}`,
    );
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Name")).toHaveAttribute("aria-invalid", "true");
  });

  it("shows the pattern messages for a bad email and a password without a digit", async () => {
    const user = renderForm();
    await user.type(screen.getByLabelText("Name"), "Ann");
    await user.type(screen.getByLabelText("Email"), "ann-at-example");
    await user.type(screen.getByLabelText("Password"), "lettersonly");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));

    expect(await screen.findByText("Please Enter Valid Email")).toBeInTheDocument();
    expect(screen.getByLabelText("Name")).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText("Email")).toHaveAccessibleDescription("Please Enter Valid Email");
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(
      `1 capital letter 1number ${PASSWORD_RULE}`,
    );
  });

  it("accepts a valid sign-up without messages and sends it to the identity service", async () => {
    const api = await startAccountsApi();
    close = api.close;
    const user = renderForm();
    await user.type(screen.getByLabelText("Name"), "Ann Lee");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));

    expect(screen.getByLabelText("Name")).not.toHaveAccessibleDescription();
    expect(screen.getByLabelText("Email")).not.toHaveAccessibleDescription();
    // The rule stays the password's description; no message is added to it.
    expect(screen.getByLabelText("Password")).toHaveAccessibleDescription(PASSWORD_RULE);
    await expect.poll(() => api.callsTo("POST", "/api/auth/sign-up/email").length).toBe(1);
    // The sign-in with the new password follows, and its token exchange ends the submission.
    await expect.poll(() => api.callsTo("PUT", "/api/user/").length).toBe(1);
  });

  it("sends nothing to the identity service while a field is invalid", async () => {
    const api = await startAccountsApi();
    close = api.close;
    const user = renderForm();
    await user.type(screen.getByLabelText("Name"), "Ann Lee");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "abcdefgh");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText("1 capital letter 1number")).toBeInTheDocument();
    // Nothing is sent (a previous test's signed-in session may still ask who is signed in: a GET).
    expect(api.calls.filter((call) => call.method !== "GET")).toEqual([]);
  });
});
