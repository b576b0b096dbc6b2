import { describe, expect, it } from "vitest";
import { HttpError } from "./http-errors";
import { checkedRedirect, REDIRECT_REFUSED, siteBase } from "./redirects";

const site = siteBase("http://localhost:3000");
const refusal = new HttpError(400, REDIRECT_REFUSED);

describe("checkedRedirect", () => {
  it("answers a path of the site normalised, and an absolute URL of the site as a URL", () => {
    expect(checkedRedirect("/auth/popup-complete", site)).toBe("/auth/popup-complete");
    expect(checkedRedirect("/x/./../verify-email?error=INVALID_TOKEN", site)).toBe(
      "/verify-email?error=INVALID_TOKEN",
    );
    expect(checkedRedirect("/reset-password?token=a%2Fb#top", site)).toBe("/reset-password?token=a%2Fb#top");
    expect(checkedRedirect("HTTP://LOCALHOST:3000/auth/popup-complete?error=x", site)).toBe(
      "http://localhost:3000/auth/popup-complete?error=x",
    );
  });

  it.each([
    "/.//evil.example/phish",
    "/x/..//evil.example",
    "/%2e%2e//evil.example",
    "//evil.example",
    "/\\evil.example",
    "/%2f%2fevil.example",
    "/%5Cevil.example",
    "/\t/evil.example",
    "/\uff0fevil.example",
    "http://localhost:3000@evil.example/",
    "http://user@localhost:3000/",
    "http://127.0.0.1:3000/",
    "https://localhost:3000/",
    "javascript:alert(1)",
    "",
  ])("refuses %j", (target) => {
    expect(() => checkedRedirect(target, site)).toThrow(refusal);
  });

  it("keeps a redirect under a base with a path (IMAGE_BASE_URL)", () => {
    const cdn = new URL("https://cdn.example.com/images/");
    expect(checkedRedirect("https://cdn.example.com/images/a.webp", cdn)).toBe(
      "https://cdn.example.com/images/a.webp",
    );
    for (const target of [
      "https://cdn.example.com/images/../secret",
      "https://cdn.example.com/other/a.webp",
    ]) {
      expect(() => checkedRedirect(target, cdn)).toThrow(refusal);
    }
  });
});
