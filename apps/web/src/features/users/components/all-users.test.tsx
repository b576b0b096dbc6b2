import { screen, within } from "@testing-library/react";
import { CANNOT_REVOKE_CONFIGURED_ADMIN } from "@toolshop/shared/users";
import { afterEach, describe, expect, it } from "vitest";
import { sendJson, startTestApi } from "../../../test/http-test-server";
import { addressShown, renderListScreen, sendPage } from "../../../test/list-screen";
import { AllUsers } from "./all-users";

function renderAllUsers(currentEmail: string | null = "chief@example.com", url = "/dashboard/alluser") {
  return renderListScreen(<AllUsers currentEmail={currentEmail} />, url);
}

const person = (id: number, role: "admin" | "user" = "user") => ({
  _id: String(id),
  email: `person${id}@example.com`,
  role,
});

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
    expect(
      within(rows[1] as HTMLElement).queryByRole("button", { name: /Make Admin/ }),
    ).not.toBeInTheDocument();
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
    expect(await screen.findByText("Your admin added")).toBeInTheDocument();
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
    expect(await screen.findByText("You are not a admin dont do anything")).toBeInTheDocument();
    expect(screen.queryByText("Your admin added")).not.toBeInTheDocument();
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
    expect(await screen.findByText("Admin rights revoked")).toBeInTheDocument();
    expect(calls).toContain("DELETE /api/user/admin/deputy%40example.com");
    expect(
      await within(await screen.findByRole("table")).findByRole("button", {
        name: "Make Admin deputy@example.com",
      }),
    ).toBeInTheDocument();
  });

  it("shows the server's sentence when an address of ADMIN_EMAILS cannot be revoked (409)", async () => {
    ({ close } = await startTestApi((request, response) => {
      if (request.method === "DELETE") {
        sendJson(response, 409, {
          statusCode: 409,
          error: "Conflict",
          message: CANNOT_REVOKE_CONFIGURED_ADMIN,
        });
      } else sendJson(response, 200, [{ _id: "1", email: "owner@example.com", role: "admin" }]);
    }));
    const user = renderAllUsers();
    await user.click(
      await within(await screen.findByRole("table")).findByRole("button", {
        name: "Revoke admin owner@example.com",
      }),
    );
    await user.click(await screen.findByRole("button", { name: "Yes, revoke" }));
    expect(await screen.findByText(CANNOT_REVOKE_CONFIGURED_ADMIN)).toBeInTheDocument();
    expect(screen.queryByText("Admin rights revoked")).not.toBeInTheDocument();
  });

  it("searches by email and filters by role: the URL and the request follow, and no match says so", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      const url = new URL(request.url ?? "", "http://x");
      sendPage(response, url.searchParams.get("q") === "nobody" ? [] : [person(1)]);
    }));
    const user = renderAllUsers();
    await screen.findByRole("table");
    expect(requests).toEqual(["/api/user"]);

    await user.type(screen.getByRole("searchbox", { name: "Search by email" }), "Ann");
    await expect.poll(addressShown).toBe("?q=Ann");
    await expect.poll(() => requests.at(-1)).toBe("/api/user?q=Ann");

    await user.selectOptions(screen.getByRole("combobox", { name: "Role" }), "Admins");
    await expect.poll(addressShown).toBe("?q=Ann&role=admin");
    await expect.poll(() => requests.at(-1)).toBe("/api/user?q=Ann&role=admin");

    await user.clear(screen.getByRole("searchbox", { name: "Search by email" }));
    await user.type(screen.getByRole("searchbox", { name: "Search by email" }), "nobody{Enter}");
    expect(await screen.findByText("No users match this search.")).toBeInTheDocument();
    const params = new URLSearchParams(addressShown() ?? "");
    expect([params.get("q"), params.get("role")]).toEqual(["nobody", "admin"]);
  });

  it("starts from the search in the URL", async () => {
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(request.url ?? "");
      sendPage(response, [person(7, "admin")]);
    }));
    renderAllUsers("chief@example.com", "/dashboard/alluser?q=person&role=admin");
    expect(await screen.findByText("1 user shown.")).toBeInTheDocument();
    expect(inTable().getAllByRole("row")[1]?.textContent).toContain("person7@example.com");
    expect(requests).toEqual(["/api/user?q=person&role=admin"]);
    expect((screen.getByRole("searchbox", { name: "Search by email" }) as HTMLInputElement).value).toBe(
      "person",
    );
    expect((screen.getByRole("combobox", { name: "Role" }) as HTMLSelectElement).value).toBe("admin");
  });

  it("appends the next page on Load more, counts what is shown, and refreshes every page after a change", async () => {
    const people = Array.from({ length: 5 }, (_, i) => person(i + 1));
    const requests: string[] = [];
    ({ close } = await startTestApi((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      if (request.method === "PUT") {
        people[4] = person(5, "admin");
        sendJson(response, 200, { modifiedCount: 1 });
      } else if (request.url?.includes("cursor=after-3")) sendPage(response, people.slice(3));
      else sendPage(response, people.slice(0, 3), "after-3");
    }));
    const user = renderAllUsers();
    expect(await screen.findByText("3 users shown, more to load.")).toBeInTheDocument();
    expect(inTable().getAllByRole("row")).toHaveLength(4);

    await user.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("5 users shown.")).toBeInTheDocument();
    // The first new user has the focus (jsdom applies no CSS: the first of its two layouts).
    const entries = within(screen.getByRole("list", { name: "All users with their role" }));
    await expect.poll(() => entries.getAllByRole("listitem")[3]).toHaveFocus();
    expect(requests).toContain("GET /api/user?cursor=after-3");
    expect(
      inTable()
        .getAllByRole("row")
        .map((row) => row.textContent?.slice(0, 20)),
    ).toEqual([
      "#EmailRoleAction",
      "1person1@example.com",
      "2person2@example.com",
      "3person3@example.com",
      "4person4@example.com",
      "5person5@example.com",
    ]);
    expect(screen.queryByRole("button", { name: "Load more" })).not.toBeInTheDocument();

    // A row of the second page: the change refreshes both pages.
    await user.click(inTable().getByRole("button", { name: "Make Admin person5@example.com" }));
    await user.click(await screen.findByRole("button", { name: "Yes, make admin" }));
    expect(
      await within(screen.getByRole("table")).findByRole("button", {
        name: "Revoke admin person5@example.com",
      }),
    ).toBeInTheDocument();
    expect(requests.filter((line) => line === "GET /api/user?cursor=after-3")).toHaveLength(2);
  });
});
