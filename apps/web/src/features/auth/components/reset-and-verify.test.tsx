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

  it("asks for a new password when the link is opened outside the session that signed up, then signs in", async () => {
    const api = await startAccountsApi();
    try {
      setSession({ status: "signed-out" });
      const { user, router } = renderApp("/verify-email?token=owner-link");
      const password = await screen.findByLabelText("New password");
      expect(screen.getByText(/every device signed in to the account is signed out/)).toBeInTheDocument();

      await user.type(password, "lettersonly");
      await user.click(screen.getByRole("button", { name: "Verify and set password" }));
      expect(await screen.findByText("1 capital letter 1number")).toBeInTheDocument();
      expect(api.callsTo("POST", "/api/auth/verify-email/new-password")).toEqual([]);

      await user.clear(password);
      await user.type(password, "owner2025");
      await user.click(screen.getByRole("button", { name: "Verify and set password" }));
      expect(
        await screen.findByText("Your email is verified and your new password is set."),
      ).toBeInTheDocument();
      await expect.poll(() => router.state.location.pathname).toBe("/");
      expect(api.callsTo("POST", "/api/auth/verify-email/new-password")[0]?.body).toEqual({
        token: "owner-link",
        newPassword: "owner2025",
      });
      // The new session is exchanged for the API's token at once (an owner's address brings the role).
      expect(api.callsTo("PUT", "/api/user/owner%40example.com")).toHaveLength(1);
    } finally {
      setSession({ status: "signed-out" });
      await api.close();
    }
  });

  it("gives a clear error for a bad link", async () => {
    setSession({ status: "signed-out" });
    renderApp("/verify-email?error=INVALID_TOKEN");
    expect(await screen.findByText("Your email could not be verified")).toBeInTheDocument();
    expect(screen.getByText("The link is invalid or has expired.")).toBeInTheDocument();
    expect(screen.queryByText("Your email is verified")).not.toBeInTheDocument();
  });
});
