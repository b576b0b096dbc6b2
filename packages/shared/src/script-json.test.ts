import { describe, expect, it } from "vitest";
import { jsonForScript } from "./script-json";

describe("JSON for a script data block", () => {
  it("cannot end the block or open a comment, and JSON.parse reads the same value", () => {
    const value = { text: `</script><!--&\u2028\u2029` };
    const json = jsonForScript(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});
