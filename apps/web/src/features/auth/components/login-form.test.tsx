import { screen, waitFor, within } from "@testing-library/react";
import { PASSWORD_MAX_LENGTH } from "@toolshop/shared/auth";
import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { EMAIL_MAX_LENGTH } from "@toolshop/shared/text";
import { afterEach, describe, expect, it } from "vitest";
import { startAccountsApi } from "../../../test/fake-accounts-api";
import { renderApp } from "../../../test/render-app";
import { setSession } from "../session-state";
import { SIGN_UP_CHECK_YOUR_EMAIL } from "../use-auth-actions";

describe("the login screen", () => {
  let api: Awaited<ReturnType<typeof startAccountsApi>> | undefined;
  afterEach(async () => {
    localStorage.clear();
    setSession({ status: "signed-out" });
    await api?.close();
    api = undefined;
  });

  async function openLogin(options: Parameters<typeof startAccountsApi>[0] = {}) {
    api = await startAccountsApi(options);
    setSession({ status: "signed-out" });
    const app = renderApp("/login");
    await screen.findByRole("heading", { level: 1, name: "Login" });
    return app;
  }

  it("shows the identity service's refusal in plain words and stays signed out", async () => {
    const { user, router } = await openLogin({ password: "abcd1234" });
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "wrong1234");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(api?.callsTo("PUT", "/api/user/")).toEqual([]);
  });

  it("leaves an empty or half-filled form to the browser's own required check, sending nothing", async () => {
    const { user } = await openLogin({ password: "abcd1234" });
    const email = screen.getByLabelText("Email") as HTMLInputElement;
    const password = screen.getByLabelText("Password") as HTMLInputElement;
    expect([email.required, email.type, email.maxLength]).toEqual([true, "email", EMAIL_MAX_LENGTH]);
    expect([password.required, password.maxLength]).toEqual([true, PASSWORD_MAX_LENGTH]);
    expect(email.form?.noValidate).toBe(false);

    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(email.validity.valueMissing).toBe(true);
    await user.type(email, "ann@example.com");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(password.validity.valueMissing).toBe(true);
    // The browser says it, not a message of ours; and nothing reached the identity service.
    expect(screen.queryByText(/is required/)).not.toBeInTheDocument();
    expect(api?.callsTo("POST", "/api/auth/sign-in/email")).toEqual([]);

    await user.type(password, "abcd1234");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await screen.findByRole("heading", { level: 1, name: "Best Electrical Tool is Here !" });
    expect(api?.callsTo("POST", "/api/auth/sign-in/email")[0]?.body).toMatchObject({
      email: "ann@example.com",
      password: "abcd1234",
    });
  });

  it('says "Too many attempts, try again in a minute" when rate limited', async () => {
    const { user } = await openLogin({ rateLimited: true });
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Login" }));
    expect(await screen.findByText("Too many attempts, try again in a minute")).toBeInTheDocument();
  });

  it("signs in, stores the access token and goes home when no page was remembered", async () => {
    const { user, router } = await openLogin({ password: "abcd1234" });
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await screen.findByRole("heading", { level: 1, name: "Best Electrical Tool is Here !" });
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  });

  it('toasts "check your email" for a password reset, and asks for the email in a dialog when none is typed', async () => {
    const { user } = await openLogin();
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    const dialog = await screen.findByRole("dialog", { name: "Reset your password" });
    expect(api?.callsTo("POST", "/api/auth/request-password-reset")).toEqual([]);
    const asked = within(dialog).getByLabelText("Email");
    expect(document.activeElement).toBe(asked);
    await user.type(asked, "asked@example.com");
    await user.click(within(dialog).getByRole("button", { name: "Send the link" }));
    expect(await screen.findByText("check your email")).toBeInTheDocument();
    expect(api?.callsTo("POST", "/api/auth/request-password-reset")[0]?.body).toMatchObject({
      email: "asked@example.com",
    });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());

    await user.type(screen.getByLabelText("Email"), "nobody@example.com");
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    await expect.poll(() => api?.callsTo("POST", "/api/auth/request-password-reset")).toHaveLength(2);
    expect(api?.callsTo("POST", "/api/auth/request-password-reset")[1]?.body).toEqual({
      email: "nobody@example.com",
      redirectTo: "/reset-password",
    });
  });

  it("hides the button of a provider that is not configured", async () => {
    await openLogin({ providers: { google: false, github: true } });
    const github = (await screen.findByRole("button", { name: /Continue with GitHub/ })) as HTMLButtonElement;
    await expect.poll(() => github.disabled).toBe(false);
    expect(screen.queryByRole("button", { name: /Continue with Google/ })).not.toBeInTheDocument();
    expect(screen.queryByText(/not configured/)).not.toBeInTheDocument();
  });

  it("says in one line under the form, in development, that no provider is configured", async () => {
    await openLogin({ providers: { google: false, github: false } });
    expect(await screen.findByText(/Google and GitHub sign-in are not configured/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Continue with/ })).not.toBeInTheDocument();
    expect(screen.queryByText("OR")).not.toBeInTheDocument();
  });
});

describe("the sign-up screen", () => {
  let api: Awaited<ReturnType<typeof startAccountsApi>> | undefined;
  afterEach(async () => {
    localStorage.clear();
    setSession({ status: "signed-out" });
    await api?.close();
    api = undefined;
  });

  it("creates the account with the profile name, then signs the new user in with the new password", async () => {
    api = await startAccountsApi();
    setSession({ status: "signed-out" });
    const { user, router } = renderApp("/signup");
    await screen.findByRole("heading", { level: 1, name: "Sign Up" });
    await user.type(screen.getByLabelText("Name"), "Ann Lee");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));

    await screen.findByRole("heading", { level: 1, name: "Best Electrical Tool is Here !" });
    expect(router.state.location.pathname).toBe("/");
    expect(api.callsTo("POST", "/api/auth/sign-up/email")[0]?.body).toEqual({
      name: "Ann Lee",
      email: "ann@example.com",
      password: "abcd1234",
      callbackURL: "/verify-email",
    });
    expect(api.callsTo("POST", "/api/auth/sign-in/email")[0]?.body).toMatchObject({
      email: "ann@example.com",
      password: "abcd1234",
    });
    expect(api.callsTo("PUT", "/api/user/")).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeTruthy();
  });

  it("says to check the email when the address already has an account, as for any sign-up", async () => {
    api = await startAccountsApi({ existingEmails: ["ann@example.com"] });
    setSession({ status: "signed-out" });
    const { user, router } = renderApp("/signup");
    await screen.findByRole("heading", { level: 1, name: "Sign Up" });
    await user.type(screen.getByLabelText("Name"), "Ann Lee");
    await user.type(screen.getByLabelText("Email"), "ann@example.com");
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(SIGN_UP_CHECK_YOUR_EMAIL)).toBeInTheDocument();
    expect(screen.queryByText(/already exists/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
  });
});
