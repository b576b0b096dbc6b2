import { zodResolver } from "@hookform/resolvers/zod";
import {
  CATEGORY_NAME_MAX_LENGTH,
  CATEGORY_SLUG_MAX_LENGTH,
  type Category,
  type CreateCategoryBody,
  categoryIssues,
  createCategoryBodySchema,
  slugFromName,
} from "@toolshop/shared/categories";
import { toolsPagePath } from "@toolshop/shared/page-paths";
import { useRef, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { z } from "zod";
import { SelectField, TextField } from "../../../components/form-fields";
import { childrenOf, pathLabel } from "../category-tree";

/** The parent select's value for a root category (a select's value is text). */
const TOP_LEVEL = "";

/** The route's body schema, with the parent as the select has it: its id, or TOP_LEVEL. */
const categoryFormSchema = createCategoryBodySchema.extend({
  parentId: z.preprocess(
    (value) => (value === TOP_LEVEL ? null : value),
    createCategoryBodySchema.shape.parentId,
  ),
});
type FormInput = z.input<typeof categoryFormSchema>;
type FormValues = z.output<typeof categoryFormSchema>;

interface CategoryFormProps {
  /** The tree the form's rules check against (slug taken, a sibling's name, a loop). */
  categories: readonly Category[];
  /** The category being edited; none: a new one. */
  editing?: Category | undefined;
  /** Prefix of the inputs' ids, unique on the page. */
  idPrefix: string;
  submitLabel: string;
  busyLabel: string;
  /** Saves the values; a rejection's message is shown above the button. */
  onSave: (values: CreateCategoryBody) => Promise<void>;
  onCancel?: () => void;
}

/** The category and every one under it: none of them can become its parent. */
function subtree(categories: readonly Category[], root: Category): Set<string> {
  const ids = new Set([root._id]);
  const walk = (id: string) => {
    for (const child of childrenOf(categories, id)) {
      ids.add(child._id);
      walk(child._id);
    }
  };
  walk(root._id);
  return ids;
}

/**
 * A category's name, slug and parent, checked with the shared schema and the tree's rules
 * (categoryIssues), which the server checks again. The slug follows the name until it is typed in.
 */
export function CategoryForm({
  categories,
  editing,
  idPrefix,
  submitLabel,
  busyLabel,
  onSave,
  onCancel,
}: CategoryFormProps) {
  const [failure, setFailure] = useState<string>();
  // The rules read the tree as it is when the form is checked, not as it was when the form opened.
  const tree = useRef(categories);
  tree.current = categories;
  const slugTyped = useRef(editing !== undefined);
  const resolver: Resolver<FormInput, unknown, FormValues> = (values, context, options) =>
    zodResolver(
      categoryFormSchema.superRefine((draft, issues) => {
        const nodes = tree.current.map((category) => ({ ...category, id: category._id }));
        const checked = editing ? { ...draft, id: editing._id } : draft;
        for (const issue of categoryIssues(nodes, checked)) {
          issues.addIssue({ code: "custom", path: [issue.field], message: issue.message });
        }
      }),
    )(values, context, options);
  const form = useForm<FormInput, unknown, FormValues>({
    resolver,
    mode: "onTouched",
    defaultValues: {
      name: editing?.name ?? "",
      slug: editing?.slug ?? "",
      parentId: editing?.parentId ?? TOP_LEVEL,
    },
  });
  const {
    register,
    setValue,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;
  const id = (field: string) => `${idPrefix}-${field}`;
  const excluded = editing ? subtree(categories, editing) : new Set<string>();
  const parents = [
    { value: TOP_LEVEL, label: "None: a top-level category" },
    ...categories
      .filter((category) => !excluded.has(category._id))
      .map((category) => ({ value: category._id, label: pathLabel(categories, category) })),
  ];
  const slug = form.watch("slug");

  const name = register("name", {
    onChange: (event: { target: { value: string } }) => {
      // A message under the slug is checked again against the slug the name now makes.
      if (!slugTyped.current) {
        setValue("slug", slugFromName(event.target.value), { shouldValidate: Boolean(errors.slug) });
      }
    },
  });
  const slugField = register("slug", {
    onChange: (event: { target: { value: string } }) => {
      // Emptied, it follows the name again.
      slugTyped.current = event.target.value !== "";
    },
  });
  const parentField = register("parentId");

  return (
    <form
      noValidate
      aria-label={editing ? `Edit ${editing.name}` : "Add a category"}
      className="grid gap-4 sm:grid-cols-3"
      onSubmit={handleSubmit(async (values) => {
        setFailure(undefined);
        try {
          await onSave(values);
          if (!editing) {
            slugTyped.current = false;
            form.reset({ name: "", slug: "", parentId: values.parentId ?? TOP_LEVEL });
          }
        } catch (error) {
          setFailure(error instanceof Error ? error.message : "The category could not be saved.");
        }
      })}
    >
      <TextField
        id={id("name")}
        label="Name"
        error={errors.name?.message}
        registration={name}
        maxLength={CATEGORY_NAME_MAX_LENGTH}
        autoComplete="off"
      />
      <TextField
        id={id("slug")}
        label="Slug"
        error={errors.slug?.message}
        registration={slugField}
        maxLength={CATEGORY_SLUG_MAX_LENGTH}
        autoComplete="off"
        spellCheck={false}
        hint={`Its address: ${toolsPagePath(null)}?category=${slug || "…"}`}
      />
      <SelectField
        id={id("parent")}
        label="Parent"
        error={errors.parentId?.message}
        registration={parentField}
        options={parents}
      />
      {failure ? (
        <p role="alert" className="alert alert-error sm:col-span-3">
          {failure}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2 sm:col-span-3">
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
