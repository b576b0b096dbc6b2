import { passwordDescription } from "./accounts-fixtures";
import { expect, openPage, publicPages, saveScreenshot, test } from "./fixtures";

const page_ = (name: (typeof publicPages)[number]["name"]) => {
  const found = publicPages.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`no public page named ${name}`);
  return found;
};

test("/blogs has at least four Q&A articles on front-end topics", async ({ page }) => {
  await openPage(page, page_("blogs"));
  const articles = page.getByRole("main").getByRole("article");
  expect(await articles.count()).toBeGreaterThanOrEqual(4);
  for (const article of await articles.all()) {
    await expect(article.getByRole("heading", { level: 2 })).toHaveText(/\?$/);
    // A real answer, not a placeholder line.
    expect((await article.textContent())?.length).toBeGreaterThan(400);
  }
  await saveScreenshot(page, "blogs");
});

test("/myportfolio shows the developer's name, contact, education, skills and projects", async ({ page }) => {
  await openPage(page, page_("portfolio"));
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: /@/ })).toHaveAttribute("href", /^mailto:/);
  for (const section of ["Education", "Skills", "Projects"]) {
    const region = main.getByRole("region", { name: section });
    await expect(region.getByRole("heading", { level: 2 })).toBeVisible();
    expect((await region.textContent())?.length).toBeGreaterThan(60);
  }
  await saveScreenshot(page, "portfolio");
});

test("the footer's legal links open the terms, privacy and cookie policy at their section", async ({
  page,
}) => {
  await openPage(page, page_("home"));
  const footer = page.getByRole("contentinfo");
  for (const [link, section] of [
    ["Cookie policy", "cookie-policy"],
    ["Privacy policy", "privacy-policy"],
    ["Terms of use", "terms-of-use"],
  ] as const) {
    await footer.getByRole("link", { name: link }).click();
    await expect(page).toHaveURL(new RegExp(`/legal#${section}$`));
    const region = page.getByRole("region", { name: link });
    await expect(region.getByRole("heading", { level: 2 })).toBeInViewport();
    expect((await region.textContent())?.length).toBeGreaterThan(300);
    // Just below the sticky bar, neither under it nor far below it; unless the page has no more to
    // scroll (the last section, on a tall screen).
    const gapBelowBar = () =>
      page.evaluate((id) => {
        const bar = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
        const top = document.getElementById(id)?.getBoundingClientRect().top ?? Number.NaN;
        const atEnd = window.scrollY >= document.documentElement.scrollHeight - window.innerHeight - 1;
        return atEnd ? 0 : top - bar;
      }, section);
    await expect.poll(gapBelowBar).toBeGreaterThanOrEqual(0);
    await expect.poll(gapBelowBar).toBeLessThanOrEqual(32);
  }
  await saveScreenshot(page, "legal");
});

test("a page loaded fresh starts at its top, or at the section its address names", async ({ page }) => {
  await openPage(page, page_("home"));
  // The tools arrive once the app runs: then it saves the position as the visitor leaves.
  await expect(page.locator("#tools").getByRole("article").first()).toBeVisible();
  await page.mouse.wheel(0, 2500);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);

  // Addresses typed in, or links from another site: each a fresh load of the page.
  await openPage(page, page_("blogs"));
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goto("/legal#cookie-policy");
  const cookies = page.getByRole("region", { name: "Cookie policy" });
  await expect(cookies.getByRole("heading", { level: 2 })).toBeInViewport();

  // A reload keeps where the visitor was: once the wheel has moved the page (it scrolls a moment
  // after the event, and a position read before that is the arrival's).
  const arrived = await page.evaluate(() => window.scrollY);
  await page.mouse.wheel(0, -200);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(arrived - 200);
  const before = await page.evaluate(() => window.scrollY);
  expect(before).toBeGreaterThan(0);
  await page.reload();
  await expect(cookies.getByRole("heading", { level: 2 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(before);
});

test("/login asks for email and password and offers Google, GitHub, a password reset and sign-up", async ({
  page,
}) => {
  await openPage(page, page_("login"));
  const main = page.getByRole("main");
  const email = main.getByRole("textbox", { name: "Email" });
  const password = main.getByLabel("Password", { exact: true });
  await expect(email).toHaveAttribute("type", "email");
  await expect(password).toHaveAttribute("type", "password");
  await expect(main.getByRole("button", { name: "Continue with Google" })).toBeVisible();
  await expect(main.getByRole("button", { name: "Continue with GitHub" })).toBeVisible();
  await expect(main.getByRole("button", { name: /forgot password/i })).toBeVisible();
  await saveScreenshot(page, "login");

  // The browser itself refuses an empty form.
  await main.getByRole("button", { name: "Login", exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await email.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);
  await email.fill("visitor@example.com");
  await main.getByRole("button", { name: "Login", exact: true }).click();
  expect(await password.evaluate((input: HTMLInputElement) => input.validity.valueMissing)).toBe(true);

  await main.getByRole("link", { name: /create new account/i }).click();
  await expect(page).toHaveURL(/\/signup$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign Up" })).toBeVisible();
});

test("/signup shows the spec's message for each bad input", async ({ page }) => {
  await openPage(page, page_("signup"));
  const main = page.getByRole("main");
  const name = main.getByRole("textbox", { name: "Name" });
  const email = main.getByRole("textbox", { name: "Email" });
  const password = main.getByLabel("Password", { exact: true });
  const submit = main.getByRole("button", { name: "Sign Up" });

  await submit.click();
  await expect(name).toHaveAccessibleDescription("Name is required");
  await expect(email).toHaveAccessibleDescription("Email is required");
  await expect(password).toHaveAccessibleDescription(passwordDescription("password is required"));
  await saveScreenshot(page, "signup-errors");

  await name.fill("Ada Lovelace");
  await email.fill("ada.example.com");
  await password.fill("short");
  await submit.click();
  await expect(email).toHaveAccessibleDescription("Please Enter Valid Email");
  await expect(password).toHaveAccessibleDescription(passwordDescription("1 capital letter 1number"));
  await expect(name).toHaveAccessibleDescription("");
  await expect(page).toHaveURL(/\/signup$/);

  // Letters only, no digit: still refused with the same message.
  await password.fill("abcdefghij");
  await submit.click();
  await expect(password).toHaveAccessibleDescription(passwordDescription("1 capital letter 1number"));

  await main.getByRole("link", { name: /login/i }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test("/loading is a full-page centred spinner, blue #3b82f6, 60 px", async ({ page }) => {
  await openPage(page, page_("loading"));
  const spinner = page.getByRole("status");
  await expect(spinner).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);

  const box = await spinner.boundingBox();
  expect(box).not.toBeNull();
  if (!box) return;
  expect(box.width).toBeCloseTo(60, 0);
  expect(box.height).toBeCloseTo(60, 0);
  const viewport = page.viewportSize() ?? { width: 0, height: 0 };
  expect(Math.abs(box.x + box.width / 2 - viewport.width / 2)).toBeLessThanOrEqual(1);
  expect(Math.abs(box.y + box.height / 2 - viewport.height / 2)).toBeLessThanOrEqual(1);

  // The ring's visible colour (one side is transparent so that it reads as spinning).
  const colours = await spinner.evaluate((status) =>
    [status, ...status.querySelectorAll("*")].flatMap((element) => {
      const style = getComputedStyle(element);
      return [style.borderLeftColor, style.borderBottomColor, style.color, style.backgroundColor];
    }),
  );
  expect(colours).toContain("rgb(59, 130, 246)");
  await saveScreenshot(page, "loading");
});

test("an unknown path shows the wrong-place page with a way home", async ({ page }) => {
  await openPage(page, page_("not-found"));
  await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  await saveScreenshot(page, "not-found");

  await page.getByRole("main").getByRole("link", { name: /home/i }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Best Electrical Tool is Here !" })).toBeVisible();
});

test("a deep unknown path is the wrong-place page too, not a server error", async ({ page }) => {
  const response = await page.goto("/tools/nothing/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "You are in the wrong place" })).toBeVisible();
});

// Issue 51, finding 10: an unknown path answered 200 with the home page's title, a "soft 404".
for (const viewport of [
  { name: "phone", width: 390, height: 844 },
  { name: "desktop", width: 1280, height: 800 },
]) {
  test(`an unknown path answers 404, not to be indexed, and shows the wrong-place page (${viewport.name})`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    for (const path of ["/no-such-page", "/dashboard/no-such-page"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      expect(await response?.text(), path).toContain('<meta name="robots" content="noindex" />');
      await expect(page.getByRole("heading", { level: 1, name: "You are in the wrong place" })).toBeVisible();
      await expect(page).toHaveTitle("Page not found | Toolshop");
    }
    await saveScreenshot(page, `not-found-404-${viewport.name}`, { fullPage: false });
    // A page the app has answers 200, without noindex.
    const blogs = await page.goto("/blogs");
    expect(blogs?.status()).toBe(200);
    expect(await blogs?.text()).not.toContain("noindex");
  });
}
