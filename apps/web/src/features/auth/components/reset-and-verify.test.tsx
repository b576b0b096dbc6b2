import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { startAccountsApi } from "../../../test/fake-accounts-api";
import { renderApp } from "../../../test/render-app";
import { setSession } from "../session-state";

describe("the reset link's page", () => {
  let api: Awaited<ReturnType<typeof startAccountsApi>> | undefined;
  afterEach(async () => {
    setSession({ status: "signed-out" });
    await api?.close();
    api = undefined;
  });

  it("sets a new password under the sign-up rule, then sends the user to /login", async () => {
    api = await startAccountsApi();
    setSession({ status: "signed-out" });
    const { user, router } = renderApp("/reset-password?token=good-token");
    const password = await screen.findByLabelText("New password");

    await user.type(password, "lettersonly");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText("1 capital letter 1number")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/reset-password")).toEqual([]);

    await user.clear(password);
    await user.type(password, "newpass123");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText(/Your password is changed/)).toBeInTheDocument();
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(api.callsTo("POST", "/api/auth/reset-password")[0]?.body).toEqual({
      token: "good-token",
      newPassword: "newpass123",
    });
  });

  it("explains a used or expired link in plain words", async () => {
    api = await startAccountsApi();
    const { user } = renderApp("/reset-password?token=stale-token");
    await user.type(await screen.findByLabelText("New password"), "newpass123");
    await user.click(screen.getByRole("button", { name: "Set new password" }));
    expect(await screen.findByText(/This link is invalid or has expired/)).toBeInTheDocument();
  });

  it("says a link the identity service already refused is invalid", async () => {
    renderApp("/reset-password?error=INVALID_TOKEN");
    expect(await screen.findByText("This reset link is invalid or has expired.")).toBeInTheDocument();
    expect(screen.queryByLabelText("New password")).not.toBeInTheDocument();
  });
});

describe("the verification link's page", () => {
  it('says "Your email is verified" after the identity service verified the link', async () => {
    setSession({ status: "signed-out" });
    renderApp("/verify-email");
    expect(await screen.findByText("Your email is verified")).toBeInTheDocument();
  });

  it("gives a clear error for a bad link", async () => {
    setSession({ status: "signed-out" });
    renderApp("/verify-email?error=INVALID_TOKEN");
    expect(await screen.findByText("Your email could not be verified")).toBeInTheDocument();
    expect(screen.getByText("The link is invalid or has expired.")).toBeInTheDocument();
    expect(screen.queryByText("Your email is verified")).not.toBeInTheDocument();
  });
});
