import { describe, expect, it } from "vitest";
import { returnPathFrom } from "./use-auth-actions";

describe("returnPathFrom: where the user goes after logging in", () => {
  it("returns to the page a guard remembered, with its query and hash", () => {
    const state = { from: { pathname: "/dashboard/payment/7", search: "?retry=1", hash: "#card" } };
    expect(returnPathFrom(state)).toBe("/dashboard/payment/7?retry=1#card");
  });

  it("goes home without a remembered page, or when it was the login or sign-up screen", () => {
    expect(returnPathFrom(null)).toBe("/");
    expect(returnPathFrom({})).toBe("/");
    expect(returnPathFrom({ from: { pathname: "/login" } })).toBe("/");
    expect(returnPathFrom({ from: { pathname: "/signup" } })).toBe("/");
  });

  it("never leaves the site", () => {
    expect(returnPathFrom({ from: { pathname: "//evil.example/x" } })).toBe("/");
    expect(returnPathFrom({ from: { pathname: "https://evil.example/" } })).toBe("/");
  });
});
