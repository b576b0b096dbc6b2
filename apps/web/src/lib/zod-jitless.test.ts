import { describe, expect, it } from "vitest";
import "./zod-jitless";
import { config, z } from "zod";

describe("zod in the browser", () => {
  it("runs jitless, so it never evaluates code that the Content Security Policy forbids", () => {
    expect(config().jitless).toBe(true);
    expect(z.object({ a: z.string() }).parse({ a: "x" })).toEqual({ a: "x" });
  });
});
