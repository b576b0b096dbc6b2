import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { ToastHost } from "../../../components/toast-host";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { AllUsers } from "./all-users";

function renderAllUsers(currentEmail: string | null = "chief@example.com") {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <AllUsers currentEmail={currentEmail} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

// Both layouts are in the DOM (CSS shows the table from sm up, the stacked list below); jsdom applies no CSS.
const inTable = () => within(screen.getByRole("table"));

const forbidden = { statusCode: 403, error: "Forbidden", message: "Only an admin can do this." };

describe("AllUsers", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('lists email and role ("Customer" for non-admins), promotes a user after confirmation', async () => {
    const people = [
      { _id: "1", email: "boss@example.com", role: "admin" },
      { _id: "2", email: "ann@example.com", role: "user" },
      { _id: "3", email: "chief@example.com", role: "admin" },
    ];
    const calls: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      if (request.method === "PUT") {
        people[1] = { _id: "2", email: "ann@example.com", role: "admin" };
        sendJson(response, 200, { modifiedCount: 1 });
      } else sendJson(response, 200, people);
    }));
    const user = renderAllUsers();

    const rows = await screen.findAllByRole("row");
    expect(rows.map((row) => row.textContent)).toEqual([
      "#EmailRoleAction",
      "1boss@example.comadminRevoke admin boss@example.com",
      "2ann@example.comCustomerMake Admin ann@example.com",
      // The signed-in admin's own row: no way to revoke oneself.
      "3chief@example.comadminYou",
    ]);
    expect(within(rows[1] as HTMLElement).queryByRole("button", { name: /Make Admin/ })).toBeNull();
    // The phone layout: the same people, each address whole on its own line, the same actions.
    const entries = within(screen.getByRole("list", { name: "All users with their role" })).getAllByRole(
      "listitem",
    );
    expect(entries.map((entry) => entry.textContent)).toEqual([
      "boss@example.comadminRevoke admin boss@example.com",
      "ann@example.comCustomerMake Admin ann@example.com",
      "chief@example.comadminYou",
    ]);

    await user.click(inTable().getByRole("button", { name: "Make Admin ann@example.com" }));
    // Nothing changes until the dialog is confirmed; Cancel has the focus.
    const dialog = await screen.findByRole("dialog", { name: "Make this user an admin?" });
    expect(calls).not.toContain("PUT /api/user/admin/ann%40example.com");
    await user.click(within(dialog).getByRole("button", { name: "Yes, make admin" }));
    expect(await screen.findByText("Your admin added")).toBeTruthy();
    expect(calls).toContain("PUT /api/user/admin/ann%40example.com");
    await expect.poll(() => inTable().queryAllByRole("button", { name: /Make Admin/ }).length).toBe(0);
  });

  it('shows "You are not a admin dont do anything" when the server answers 403 to Make Admin', async () => {
    // The list was fetched while the user was an admin; their role has been revoked since.
    ({ close } = await startTestApi((request, response) => {
      if (request.method === "PUT") sendJson(response, 403, forbidden);
      else sendJson(response, 200, [{ _id: "2", email: "ann@example.com", role: "user" }]);
    }));
    const user = renderAllUsers();
    await user.click(
      await within(await screen.findByRole("table")).findByRole("button", {
        name: "Make Admin ann@example.com",
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Yes, make admin" }));
    expect(await screen.findByText("You are not a admin dont do anything")).toBeTruthy();
    expect(screen.queryByText("Your admin added")).toBeNull();
  });

  it("says the same when the list itself is refused", async () => {
    ({ close } = await startTestApi((_request, response) => sendJson(response, 403, forbidden)));
    renderAllUsers();
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("The users could not be loaded.");
    expect(alert.textContent).toContain("You are not a admin dont do anything");
  });

  it('revokes an admin after confirmation and toasts "Admin rights revoked"', async () => {
    const people = [
      { _id: "1", email: "boss@example.com", role: "admin" },
      { _id: "2", email: "deputy@example.com", role: "admin" },
    ];
    const calls: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      calls.push(`${request.method} ${request.url}`);
      if (request.method === "DELETE") {
        people[1] = { _id: "2", email: "deputy@example.com", role: "user" };
        sendJson(response, 200, { modifiedCount: 1 });
      } else sendJson(response, 200, people);
    }));
    const user = renderAllUsers();
    await user.click(
      await within(await screen.findByRole("table")).findByRole("button", {
        name: "Revoke admin deputy@example.com",
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Yes, revoke" }));
    expect(await screen.findByText("Admin rights revoked")).toBeTruthy();
    expect(calls).toContain("DELETE /api/user/admin/deputy%40example.com");
    expect(
      await within(await screen.findByRole("table")).findByRole("button", {
        name: "Make Admin deputy@example.com",
      }),
    ).toBeTruthy();
  });
});
