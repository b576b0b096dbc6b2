import { expect, hydrated, test } from "./fixtures";

// The failed downloads below are logged by the browser on purpose.
test.use({ allowBrowserErrors: true });

test("a page whose code cannot be downloaded shows Loading chunk failed and a Reload button", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Best Electrical Tool is Here !" })).toBeVisible();
  // The page is server-rendered, tools included: a click before the app has hydrated is the
  // browser's own navigation, whose main script the route below would block (CI runs did that).
  // Once React owns the markup the router handles the links.
  await hydrated(page);

  // From now on every script the app has not downloaded yet fails, as after a dropped connection or a
  // deploy that removed old chunks: the next page's code is the first to be asked for.
  const blocked: string[] = [];
  await page.route(/\.js(\?.*)?$/, async (route) => {
    blocked.push(route.request().url());
    await route.abort("failed");
  });
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Blogs" }).click();

  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Loading chunk failed" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  expect(
    blocked.some((url) => /blogs/i.test(url)),
    `blocked: ${blocked.join(", ")}`,
  ).toBe(true);

  await page.unroute(/\.js(\?.*)?$/);
  await alert.getByRole("button", { name: "Reload" }).click();
  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole("heading", { level: 1, name: "Blogs" })).toBeVisible();
});
