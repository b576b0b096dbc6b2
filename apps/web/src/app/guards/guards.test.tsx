import { screen } from "@testing-library/react";
import { ACCESS_TOKEN_STORAGE_KEY } from "@toolshop/shared/constants";
import { afterEach, describe, expect, it } from "vitest";
import { startSession } from "../../features/auth/session-loader";
import { setSession } from "../../features/auth/session-state";
import { startAccountsApi, tokenExpiringIn } from "../../test/fake-accounts-api";
import { renderApp } from "../../test/render-app";

const ANN = { name: "Ann Lee", email: "ann@example.com" };

async function signInAs(identity: typeof ANN) {
  localStorage.setItem(ACCESS_TOKEN_STORAGE_KEY, tokenExpiringIn(60 * 60 * 1000, identity.email));
  await startSession();
}

describe("the route guards", () => {
  let api: Awaited<ReturnType<typeof startAccountsApi>> | undefined;
  afterEach(async () => {
    localStorage.clear();
    setSession({ status: "signed-out" });
    await api?.close();
    api = undefined;
  });

  it("send a visitor from a signed-in route to /login and back there after logging in", async () => {
    api = await startAccountsApi({ signedIn: null, password: "abcd1234" });
    setSession({ status: "signed-out" });
    const { router, user } = renderApp("/dashboard/myreview");

    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toMatchObject({ from: { pathname: "/dashboard/myreview" } });

    await user.type(screen.getByLabelText("Email"), ANN.email);
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Login" }));

    expect(await screen.findByRole("heading", { level: 1, name: "Add a Review" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/dashboard/myreview");
    expect(api.callsTo("PUT", "/api/user/")).toHaveLength(1);
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeTruthy();
    const nav = screen.getByRole("navigation", { name: "Main" });
    expect(nav.querySelector("a[href='/dashboard']")?.textContent).toBe("Dashboard");
  });

  it("show the spinner while the session is loading", async () => {
    setSession({ status: "loading" });
    const { router } = renderApp("/dashboard");
    expect(await screen.findByRole("status", { name: "Loading page" })).toBeInTheDocument();
    // Give the lazy routes time to settle: still no redirect while the session is unknown.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe("/dashboard");
    setSession({ status: "signed-out" });
    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
  });

  it("sign out a customer who opens an admin-only route, send them to /login saying why, not back", async () => {
    api = await startAccountsApi({ signedIn: ANN, admin: false, password: "abcd1234" });
    await signInAs(ANN);
    const { router, user } = renderApp("/dashboard/alluser");

    expect(await screen.findByRole("heading", { level: 1, name: "Login" })).toBeInTheDocument();
    expect(screen.getByRole("alert").textContent).toContain("that page is for admins only");
    // Not remembered: signing in again must not lead back to the admin page and out again.
    expect(router.state.location.state).not.toHaveProperty("from");
    // The admin check answered, with admin: false; its value decides.
    const [check] = api.callsTo("GET", "/api/admin/");
    expect(check?.authorization).toMatch(/^Bearer /);
    await expect.poll(() => api?.callsTo("POST", "/api/auth/sign-out")).toHaveLength(1);
    await expect.poll(() => localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(screen.queryByRole("heading", { name: "Make Admin" })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText("Email"), ANN.email);
    await user.type(screen.getByLabelText("Password"), "abcd1234");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await expect.poll(() => router.state.location.pathname).toBe("/");
  });

  it("send a signed-in visitor of /login and /signup on to where they were going", async () => {
    api = await startAccountsApi({ signedIn: ANN, admin: false });
    await signInAs(ANN);
    const { router } = renderApp("/signup");
    await expect.poll(() => router.state.location.pathname).toBe("/");
    await router.navigate("/login", { state: { from: { pathname: "/dashboard/myreview" } } });
    await expect.poll(() => router.state.location.pathname).toBe("/dashboard/myreview");
  });

  it("let an admin open an admin-only route", async () => {
    api = await startAccountsApi({ signedIn: ANN, admin: true });
    await signInAs(ANN);
    renderApp("/dashboard/alluser");
    expect(await screen.findByRole("heading", { level: 1, name: "Make Admin" })).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/auth/sign-out")).toEqual([]);
  });

  it("list every entry of the dashboard menu to a customer", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    await signInAs(ANN);
    renderApp("/dashboard");
    expect(await screen.findByRole("heading", { level: 1, name: "My orders" })).toBeInTheDocument();
    const menu = screen.getByRole("navigation", { name: "Dashboard" });
    expect([...menu.querySelectorAll("a")].map((link) => link.textContent)).toEqual([
      "My Profile",
      "Make Admin",
      "Manage Orders",
      "Manage Products",
      "Add Product",
      "My orders",
      "Add a Review",
      "My quotes",
    ]);
  });

  it("sign out from a signed-in page goes home, not to /login", async () => {
    api = await startAccountsApi({ signedIn: ANN });
    await signInAs(ANN);
    const { router, user } = renderApp("/dashboard/myhistory");
    await screen.findByRole("heading", { level: 1, name: "My Profile" });
    await user.click(screen.getByRole("button", { name: "Account menu" }));
    await user.click(screen.getByRole("menuitem", { name: "Sign out" }));
    await screen.findByRole("heading", { level: 1, name: "Best Electrical Tool is Here !" });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe("/");
    expect(localStorage.getItem(ACCESS_TOKEN_STORAGE_KEY)).toBeNull();
    expect(api.callsTo("POST", "/api/auth/sign-out")).toHaveLength(1);
  });
});
