import { useQuery } from "@tanstack/react-query";
import {
  ATTRIBUTE_LIMITS,
  type Attribute,
  attributeApplies,
  checkAttributeValue,
  type ToolAttribute,
  type ToolAttributeValuesBody,
} from "@toolshop/shared/attributes";
import type { Tool } from "@toolshop/shared/tools";
import type { UseFormReturn } from "react-hook-form";
import { SelectField, TextField } from "../../../components/form-fields";
import { Spinner } from "../../../components/spinner";
import { attributesQueryOptions } from "../../attributes/api/get-attributes";
import { categoriesQueryOptions } from "../../categories/api/get-categories";
import { findCategory, pathOf } from "../../categories/category-tree";

/** Each attribute's field as typed: a number's text, a choice, "yes"/"no", text; "" is no value. */
export type SpecificationInput = Record<string, string>;
export type SpecificationForm = UseFormReturn<SpecificationInput>;

/** The field's name: a prefix, since react-hook-form reads a key of digits ("18") as an array index. */
export const specificationField = (key: string) => `spec-${key}`;

const NOT_GIVEN = { value: "", label: "Not given" };
const YES_NO = [NOT_GIVEN, { value: "yes", label: "Yes" }, { value: "no", label: "No" }];
/** A number as people type it: 18, -3, 1.5 or 1,5. */
const NUMBER_TEXT = /^[-+]?(\d+([.,]\d*)?|[.,]\d+)$/;

/** The tool's values as the fields show them. */
export function specificationDefaults(attributes: readonly ToolAttribute[]): SpecificationInput {
  return Object.fromEntries(
    attributes.map(({ key, value }) => [
      specificationField(key),
      typeof value === "boolean" ? (value ? "yes" : "no") : String(value),
    ]),
  );
}

/**
 * The attributes of a category and of the categories above it, in the owner's order; undefined until
 * both the attributes and the tree have loaded (then nothing may be sent: it would drop every value).
 */
export function useApplicableAttributes(categorySlug: string) {
  const attributes = useQuery(attributesQueryOptions);
  const tree = useQuery(categoriesQueryOptions);
  const category = tree.data ? findCategory(tree.data, categorySlug) : undefined;
  const path = tree.data && category ? pathOf(tree.data, category).map((step) => step.slug) : [];
  return {
    applicable:
      attributes.data && tree.data
        ? attributes.data.filter((attribute) => attributeApplies(attribute, path))
        : undefined,
    failed: attributes.isError || tree.isError,
  };
}

/**
 * The values to send for the applicable attributes, checked as the server checks them; a field's
 * message for each one that does not fit its kind. An empty field is no value.
 */
export function specificationValues(
  applicable: readonly Attribute[],
  input: SpecificationInput,
): { body: ToolAttributeValuesBody; problems: { field: string; message: string }[] } {
  const body: ToolAttributeValuesBody = { values: [] };
  const problems: { field: string; message: string }[] = [];
  for (const attribute of applicable) {
    const field = specificationField(attribute.key);
    const typed = (input[field] ?? "").trim();
    if (typed === "") continue;
    const raw =
      attribute.kind === "number"
        ? NUMBER_TEXT.test(typed)
          ? Number(typed.replace(",", "."))
          : Number.NaN
        : attribute.kind === "boolean"
          ? typed === "yes"
          : typed;
    const checked = checkAttributeValue(attribute, raw);
    if (checked.ok) body.values.push({ key: attribute.key, value: checked.value });
    else problems.push({ field, message: checked.message });
  }
  return { body, problems };
}

/** Whether the list differs from the tool's values (so that an unchanged one is not sent again). */
export function specificationsChanged(
  tool: Pick<Tool, "attributes">,
  body: ToolAttributeValuesBody,
): boolean {
  const had = tool.attributes.map(({ key, value }) => `${key}=${JSON.stringify(value)}`).sort();
  const has = body.values.map(({ key, value }) => `${key}=${JSON.stringify(value)}`).sort();
  return had.join("\n") !== has.join("\n");
}

/**
 * The server's refusal of one value ("Voltage takes a number.", "No attribute has the key x.") under
 * that value's field. Answers whether it found the field.
 */
export function showSpecificationRefusal(
  form: SpecificationForm,
  applicable: readonly Attribute[],
  message: string,
): boolean {
  const attribute = applicable.find(
    (each) => message.startsWith(`${each.name} `) || message.endsWith(`the key ${each.key}.`),
  );
  if (!attribute) return false;
  form.setError(specificationField(attribute.key), { message }, { shouldFocus: true });
  return true;
}

interface SpecificationsFieldsProps {
  form: SpecificationForm;
  tool: Tool;
  /** The category chosen in the product's form: its attributes are the ones to give. */
  categorySlug: string;
}

/**
 * The tool's specifications in its edit screen (decision 0060): a field for each attribute of the
 * chosen category, of its kind (a number beside its unit, a select of the choices, yes/no, text).
 */
export function SpecificationsFields({ form, tool, categorySlug }: SpecificationsFieldsProps) {
  const { applicable, failed } = useApplicableAttributes(categorySlug);
  const {
    register,
    formState: { errors },
  } = form;
  const id = (key: string) => `edit-product-spec-${key}`;
  const dropped = applicable
    ? tool.attributes.filter((value) => !applicable.some((attribute) => attribute.key === value.key))
    : [];

  return (
    <fieldset
      className="flex flex-col gap-3 rounded-box border border-base-300 p-3"
      aria-describedby="edit-product-specs-hint"
    >
      <legend className="px-1 font-semibold">Specifications</legend>
      <p id="edit-product-specs-hint" className="text-sm text-base-content/70">
        The attributes of its category, as its page lists them. An empty field is no value.
      </p>
      {failed ? (
        <p className="text-sm text-error">
          The attributes could not be loaded, so the specifications are left as they are.
        </p>
      ) : !applicable ? (
        <Spinner label="Loading the attributes" />
      ) : applicable.length === 0 ? (
        <p className="text-sm">No attribute belongs to this category. Add them under Attributes.</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          {applicable.map((attribute) => {
            const field = specificationField(attribute.key);
            const common = {
              id: id(attribute.key),
              label: attribute.name,
              error: errors[field]?.message,
              // A message goes once the value is changed; Save checks it again.
              registration: register(field, { onChange: () => form.clearErrors(field) }),
            };
            switch (attribute.kind) {
              case "number":
                return (
                  <TextField
                    key={attribute.key}
                    {...common}
                    labelNote={attribute.unit ? `(${attribute.unit})` : undefined}
                    inputMode="decimal"
                    autoComplete="off"
                    maxLength={30}
                  />
                );
              case "boolean":
                return <SelectField key={attribute.key} {...common} options={YES_NO} />;
              case "choice":
                return (
                  <SelectField
                    key={attribute.key}
                    {...common}
                    options={[
                      NOT_GIVEN,
                      ...attribute.choices.map((choice) => ({ value: choice, label: choice })),
                    ]}
                  />
                );
              case "text":
                return (
                  <TextField
                    key={attribute.key}
                    {...common}
                    autoComplete="off"
                    maxLength={ATTRIBUTE_LIMITS.text}
                  />
                );
            }
            return null;
          })}
        </div>
      )}
      {dropped.length > 0 ? (
        <p className="alert alert-warning text-sm" role="note">
          Saving removes {dropped.map((value) => value.name).join(", ")}: not an attribute of this category.
        </p>
      ) : null}
    </fieldset>
  );
}
