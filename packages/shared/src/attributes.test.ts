import { describe, expect, it } from "vitest";
import { attributeApplies, checkAttributeValue } from "./attributes";

const attribute = (kind: "number" | "choice" | "boolean" | "text", choices: string[] = []) => ({
  name: "Grip",
  kind,
  choices,
});

describe("a value checked against its attribute, as the owner's form and the server check it", () => {
  it("keeps a number, a choice as the owner spelled it, yes/no, and one line of text trimmed", () => {
    expect(checkAttributeValue(attribute("number"), 18.5)).toEqual({ ok: true, value: 18.5 });
    expect(checkAttributeValue(attribute("choice", ["1000 V", "None"]), " 1000 v ")).toEqual({
      ok: true,
      value: "1000 V",
    });
    expect(checkAttributeValue(attribute("boolean"), false)).toEqual({ ok: true, value: false });
    expect(checkAttributeValue(attribute("text"), "  Rubber ")).toEqual({ ok: true, value: "Rubber" });
  });

  it("says what the attribute takes otherwise", () => {
    const refused: [ReturnType<typeof attribute>, number | string | boolean, string][] = [
      [attribute("number"), Number.NaN, "Grip takes a number."],
      [attribute("number"), 1e12, "Grip takes a number."],
      [attribute("number"), "18", "Grip takes a number."],
      [attribute("choice", ["A", "B"]), "C", "Grip takes one of A, B."],
      [attribute("boolean"), "yes", "Grip takes true or false."],
      [attribute("text"), "two\nlines", "Grip takes one line of text, at most 200 characters."],
      [attribute("text"), "x".repeat(201), "Grip takes one line of text, at most 200 characters."],
    ];
    for (const [owner, value, message] of refused) {
      expect(checkAttributeValue(owner, value)).toEqual({ ok: false, message });
    }
  });

  it("applies an attribute to its categories' tools and those below them, or to every tool without any", () => {
    expect(attributeApplies({ categories: [] }, [])).toBe(true);
    expect(attributeApplies({ categories: ["electrical"] }, ["electrical", "drills"])).toBe(true);
    expect(attributeApplies({ categories: ["drills"] }, ["electrical"])).toBe(false);
  });
});
