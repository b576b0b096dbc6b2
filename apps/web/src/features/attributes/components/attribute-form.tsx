import { zodResolver } from "@hookform/resolvers/zod";
import {
  ATTRIBUTE_KINDS,
  ATTRIBUTE_LIMITS,
  type AttributeKind,
  type CreateAttributeBody,
  createAttributeBodySchema,
} from "@toolshop/shared/attributes";
import { type Category, slugFromName } from "@toolshop/shared/categories";
import { useRef, useState } from "react";
import { type Resolver, useController, useForm } from "react-hook-form";
import { z } from "zod";
import { listFieldMessage, SelectField, TextAreaField, TextField } from "../../../components/form-fields";
import { ApiRequestError } from "../../../lib/api-client";
import { pathLabel } from "../../categories/category-tree";

export const KIND_LABELS: Record<AttributeKind, string> = {
  number: "Number with a unit",
  choice: "Choice from a list",
  boolean: "Yes or no",
  text: "Short text",
};

/** The fields as the form holds them: the choices as lines of text, the unit as typed. */
interface FormInput {
  name: string;
  key: string;
  kind: AttributeKind;
  unit: string;
  choices: string;
  categories: string[];
}

/**
 * The route's body schema over the form's fields: a unit only for a number and choices only for a
 * choice (what the other kinds' hidden fields hold is not sent), one choice a line, blank lines dropped.
 */
const attributeFormSchema = z.preprocess((form: FormInput) => {
  return {
    key: form.key,
    name: form.name,
    kind: form.kind,
    unit: form.kind === "number" && form.unit.trim() !== "" ? form.unit : undefined,
    choices:
      form.kind === "choice"
        ? form.choices
            .split(/\r?\n/)
            .map((choice) => choice.trim())
            .filter(Boolean)
        : [],
    categories: form.categories,
  };
}, createAttributeBodySchema);

const EMPTY: FormInput = { name: "", key: "", kind: "number", unit: "", choices: "", categories: [] };

/** The server's refusals that belong under a field: a key taken (409), a category gone. */
function fieldOf(error: unknown): "key" | "categories" | undefined {
  if (!(error instanceof ApiRequestError)) return undefined;
  if (error.status === 409) return "key";
  if (/^There is no category with the slug/.test(error.message)) return "categories";
  return undefined;
}

interface AttributeFormProps {
  /** The category tree, whose categories the attribute may belong to, each named by its path. */
  categories: readonly Category[];
  /** Sends the body; a rejection's message is shown under its field, or above the button. */
  onSave: (body: CreateAttributeBody) => Promise<void>;
}

/**
 * A new attribute: its name, its key (following the name until typed in), its kind with a unit or
 * choices, and the categories it belongs to, checked with the route's schema before it is sent.
 */
export function AttributeForm({ categories, onSave }: AttributeFormProps) {
  const [failure, setFailure] = useState<string>();
  const keyTyped = useRef(false);
  const form = useForm<FormInput, unknown, CreateAttributeBody>({
    resolver: zodResolver(attributeFormSchema) as unknown as Resolver<
      FormInput,
      unknown,
      CreateAttributeBody
    >,
    mode: "onTouched",
    defaultValues: EMPTY,
  });
  const {
    register,
    setValue,
    setError,
    handleSubmit,
    watch,
    control,
    formState: { errors, isSubmitting },
  } = form;
  const chosen = useController({ control, name: "categories" });
  const kind = watch("kind");
  const key = watch("key");

  const name = register("name", {
    onChange: (event: { target: { value: string } }) => {
      if (!keyTyped.current) {
        setValue("key", slugFromName(event.target.value).slice(0, ATTRIBUTE_LIMITS.key), {
          shouldValidate: Boolean(errors.key),
        });
      }
    },
  });
  const keyField = register("key", {
    onChange: (event: { target: { value: string } }) => {
      // Emptied, it follows the name again.
      keyTyped.current = event.target.value !== "";
    },
  });
  const toggle = (slug: string, on: boolean) => {
    const rest = chosen.field.value.filter((each) => each !== slug);
    chosen.field.onChange(on ? [...rest, slug] : rest);
  };
  const categoriesError = listFieldMessage(errors.categories);

  return (
    <form
      noValidate
      aria-label="Add an attribute"
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={handleSubmit(async (body) => {
        setFailure(undefined);
        try {
          await onSave(body);
          keyTyped.current = false;
          form.reset({ ...EMPTY, kind: body.kind });
        } catch (error) {
          const field = fieldOf(error);
          const message = error instanceof Error ? error.message : "The attribute could not be saved.";
          if (field) setError(field, { message }, { shouldFocus: field === "key" });
          else setFailure(message);
        }
      })}
    >
      <TextField
        id="add-attribute-name"
        label="Name"
        hint="As the product page's Specifications show it, such as Voltage"
        error={errors.name?.message}
        registration={name}
        maxLength={ATTRIBUTE_LIMITS.name}
        autoComplete="off"
      />
      <TextField
        id="add-attribute-key"
        label="Key"
        hint={`Its name in addresses and the API: ?${key || "…"}=`}
        error={errors.key?.message}
        registration={keyField}
        maxLength={ATTRIBUTE_LIMITS.key}
        autoComplete="off"
        spellCheck={false}
      />
      <SelectField
        id="add-attribute-kind"
        label="Kind"
        error={errors.kind?.message}
        registration={register("kind")}
        options={ATTRIBUTE_KINDS.map((value) => ({ value, label: KIND_LABELS[value] }))}
      />
      {kind === "number" ? (
        <TextField
          id="add-attribute-unit"
          label="Unit"
          labelNote="(optional)"
          hint="Shown after the value: V, mm, Nm"
          error={errors.unit?.message}
          registration={register("unit")}
          maxLength={ATTRIBUTE_LIMITS.unit}
          autoComplete="off"
        />
      ) : null}
      {kind === "choice" ? (
        <div className="sm:col-span-2">
          <TextAreaField
            id="add-attribute-choices"
            label="Choices"
            hint={`One a line, in the order to offer them; at most ${ATTRIBUTE_LIMITS.choices}`}
            error={listFieldMessage(errors.choices)}
            registration={register("choices")}
            rows={4}
          />
        </div>
      ) : null}
      <fieldset
        className="flex flex-col gap-1 sm:col-span-3"
        aria-describedby={`add-attribute-categories-hint${categoriesError ? " add-attribute-categories-error" : ""}`}
      >
        <legend className="mb-1 text-sm font-medium">Categories</legend>
        <p id="add-attribute-categories-hint" className="text-sm text-base-content/70">
          {chosen.field.value.length === 0
            ? "None ticked: it belongs to every category."
            : "It belongs to the ticked categories and their sub-categories."}
        </p>
        <div className="grid max-h-56 gap-1 overflow-y-auto rounded-box border border-base-300 p-2 sm:grid-cols-2">
          {categories.map((category) => (
            <label key={category._id} className="flex items-center gap-2 py-1 text-sm">
              <input
                type="checkbox"
                className="checkbox checkbox-sm"
                checked={chosen.field.value.includes(category.slug)}
                onChange={(event) => toggle(category.slug, event.target.checked)}
                onBlur={chosen.field.onBlur}
              />
              <span className="break-words">{pathLabel(categories, category)}</span>
            </label>
          ))}
        </div>
        {categoriesError ? (
          <p id="add-attribute-categories-error" className="text-sm text-error">
            {categoriesError}
          </p>
        ) : null}
      </fieldset>
      {failure ? (
        <p role="alert" className="alert alert-error sm:col-span-3">
          {failure}
        </p>
      ) : null}
      <div className="sm:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? "Adding…" : "Add attribute"}
        </button>
      </div>
    </form>
  );
}
