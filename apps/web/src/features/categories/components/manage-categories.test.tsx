import { screen, waitFor, within } from "@testing-library/react";
import type { Category } from "@toolshop/shared/categories";
import { afterEach, describe, expect, it } from "vitest";
import {
  type ApiAnswer,
  type ApiCall,
  renderScreen,
  startOrdersApi,
} from "../../orders/test/render-with-api";
import { TEST_CATEGORIES } from "../../tools/test/categories";
import { ManageCategories } from "./manage-categories";

/**
 * A stand-in for the categories API over a tree kept here (the server's rules are tested on the
 * server): adds go last among their siblings, moves swap, deletes remove. `refuse` answers a call
 * otherwise.
 */
async function startCategoriesApi(refuse?: (call: ApiCall) => ApiAnswer | undefined) {
  let tree: Category[] = TEST_CATEGORIES.map((category) => ({ ...category }));
  const reorder = () => {
    const walk = (parentId: string | null, depth: number): Category[] =>
      tree
        .filter((category) => category.parentId === parentId)
        .flatMap((category) => [{ ...category, depth }, ...walk(category._id, depth + 1)]);
    tree = walk(null, 0);
  };
  return startOrdersApi((call) => {
    const refused = refuse?.(call);
    if (refused) return refused;
    const id = call.path.split("/")[3];
    const body = call.body as Record<string, string | null>;
    if (call.method === "POST") {
      const added = {
        _id: `c0000000-0000-4000-8000-00000000010${tree.length}`,
        ...body,
        depth: 0,
        toolCount: 0,
      };
      tree.push(added as Category);
      reorder();
      return { status: 201, body: added };
    }
    if (call.method === "PATCH") {
      const at = tree.findIndex((category) => category._id === id);
      const moved = tree[at] as Category;
      const siblings = tree.filter((category) => category.parentId === moved.parentId);
      const place = siblings.indexOf(moved) + (body.move === "up" ? -1 : 1);
      const other = siblings[place] as Category;
      const [a, b] = [tree.indexOf(moved), tree.indexOf(other)];
      [tree[a], tree[b]] = [other, moved];
      reorder();
      return { status: 200, body: moved };
    }
    if (call.method === "DELETE") {
      tree = tree.filter((category) => category._id !== id);
      return { status: 200, body: { deletedCount: 1 } };
    }
    return { status: 200, body: { categories: tree } };
  });
}

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function renderScreenWith(refuse?: Parameters<typeof startCategoriesApi>[0]) {
  const api = await startCategoriesApi(refuse);
  close = api.close;
  return {
    api,
    ...renderScreen(<ManageCategories />, {
      path: "/dashboard/categories",
      pattern: "/dashboard/categories",
    }),
  };
}

const writes = (calls: ApiCall[]) => calls.filter((call) => call.method !== "GET");

describe("Manage categories", () => {
  it("lists the tree, each sub-category under its parent, with its address and tools", async () => {
    await renderScreenWith();
    const roots = await screen.findByRole("list", { name: "Categories" });
    const electrical = within(roots)
      .getByRole("heading", { name: "Electrical" })
      .closest("li") as HTMLElement;
    const drills = within(electrical).getByRole("list", { name: "Sub-categories of Electrical" });
    expect(within(drills).getByRole("heading", { name: "Drills" })).toBeInTheDocument();
    expect(within(drills).getByRole("link", { name: "/tools?category=drills" })).toHaveAttribute(
      "href",
      "/tools?category=drills",
    );
    expect(within(drills).getByText(/1 tool/)).toBeInTheDocument();
  });

  it("derives the slug from the name until it is typed in, and checks it against the tree before sending", async () => {
    const { user, api } = await renderScreenWith();
    await screen.findByRole("heading", { name: "Drills" });
    const form = screen.getByRole("form", { name: "Add a category" });
    const name = within(form).getByLabelText("Name");
    const slug = within(form).getByLabelText("Slug");
    await user.type(name, "Drills");
    expect(slug).toHaveValue("drills");
    await user.click(within(form).getByRole("button", { name: "Add category" }));
    expect(
      await within(form).findByText("The slug drills is taken by the category Drills"),
    ).toBeInTheDocument();
    // A root of that name is fine; under Electrical, beside Drills, it is not.
    expect(within(form).queryByText(/already/)).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText("Parent"), "Electrical");
    await user.click(within(form).getByRole("button", { name: "Add category" }));
    expect(
      await within(form).findByText("Electrical already has a sub-category named Drills"),
    ).toBeInTheDocument();

    await user.clear(slug);
    await user.type(slug, "Hand Saws!");
    await user.click(within(form).getByRole("button", { name: "Add category" }));
    expect(
      await within(form).findByText(
        "The slug may only have lower-case letters (a-z), digits and single hyphens between them",
      ),
    ).toBeInTheDocument();
    expect(writes(api.calls)).toEqual([]);
  });

  it("adds a sub-category last under its parent", async () => {
    const { user, api } = await renderScreenWith();
    await screen.findByRole("heading", { name: "Drills" });
    const form = screen.getByRole("form", { name: "Add a category" });
    await user.type(within(form).getByLabelText("Name"), "Voltage Testers");
    await user.selectOptions(within(form).getByLabelText("Parent"), "Electrical");
    await user.click(within(form).getByRole("button", { name: "Add category" }));

    const under = await screen.findByRole("list", { name: "Sub-categories of Electrical" });
    await waitFor(() =>
      expect(
        within(under)
          .getAllByRole("heading")
          .map((heading) => heading.textContent),
      ).toEqual(["Drills", "Voltage Testers"]),
    );
    expect(writes(api.calls).map((call) => call.body)).toEqual([
      { name: "Voltage Testers", slug: "voltage-testers", parentId: TEST_CATEGORIES[0]?._id },
    ]);
    // The form starts again, under the same parent, for the next one.
    expect(within(form).getByLabelText("Name")).toHaveValue("");
  });

  it("moves a category up and down with the keyboard, which stays on the button it pressed", async () => {
    const { user } = await renderScreenWith();
    const roots = await screen.findByRole("list", { name: "Categories" });
    const order = () =>
      within(roots)
        .getAllByRole("heading", { level: 3 })
        .filter((heading) => heading.closest("ul") === roots)
        .map((heading) => heading.textContent);
    expect(order()).toEqual(["Electrical", "Mechanical"]);
    expect(screen.getByRole("button", { name: "Move Electrical up" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Move Mechanical down" })).toBeDisabled();

    screen.getByRole("button", { name: "Move Mechanical up" }).focus();
    await user.keyboard("{Enter}");
    await waitFor(() => expect(order()).toEqual(["Mechanical", "Electrical"]));
    // Now first: its Up is disabled, so the keyboard is on its Down.
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Mechanical down" })).toHaveFocus());
    await user.keyboard("{Enter}");
    await waitFor(() => expect(order()).toEqual(["Electrical", "Mechanical"]));
    await waitFor(() => expect(screen.getByRole("button", { name: "Move Mechanical up" })).toHaveFocus());
  });

  it("offers Delete only for an empty category, asks first, shows the server's refusal, and deletes", async () => {
    let refusals = 1;
    const { user, api } = await renderScreenWith((call) =>
      call.method === "DELETE" && refusals-- > 0
        ? {
            status: 409,
            body: {
              statusCode: 409,
              error: "Conflict",
              message: "Saws cannot be deleted: 1 tool is in it. Move it to another category first.",
            },
          }
        : undefined,
    );
    await screen.findByRole("heading", { name: "Drills" });
    // Electrical has a sub-category, Drills a tool: neither can go, and each says why.
    const electrical = screen.getByRole("button", { name: "Delete Electrical" });
    expect(electrical).toBeDisabled();
    expect(electrical).toHaveAccessibleDescription(/It has sub-categories: move or delete them first/);
    expect(screen.getByRole("button", { name: "Delete Drills" })).toHaveAccessibleDescription(
      /It holds tools: move them to another category first/,
    );

    const form = screen.getByRole("form", { name: "Add a category" });
    await user.type(within(form).getByLabelText("Name"), "Saws");
    await user.click(within(form).getByRole("button", { name: "Add category" }));
    await user.click(await screen.findByRole("button", { name: "Delete Saws" }));
    const dialog = await screen.findByRole("dialog", { name: "Delete Saws?" });
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    expect((await within(dialog).findByRole("alert")).textContent).toContain("1 tool is in it");
    await user.click(within(dialog).getByRole("button", { name: "Yes, delete" }));
    await waitFor(() => expect(screen.queryByRole("heading", { name: "Saws" })).not.toBeInTheDocument());
    expect(writes(api.calls).map((call) => call.method)).toEqual(["POST", "DELETE", "DELETE"]);
  });
});
