import { useQuery } from "@tanstack/react-query";
import type { Attribute } from "@toolshop/shared/attributes";
import type { Category } from "@toolshop/shared/categories";
import { useState } from "react";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { QueryView } from "../../../components/query-view";
import { notify } from "../../../lib/toast";
import { categoriesQueryOptions } from "../../categories/api/get-categories";
import { findCategory, pathLabel } from "../../categories/category-tree";
import { useCreateAttribute } from "../api/create-attribute";
import { useDeleteAttribute } from "../api/delete-attribute";
import { attributesQueryOptions } from "../api/get-attributes";
import { AttributeForm, KIND_LABELS } from "./attribute-form";

/**
 * The owner's attributes (issue 58, decision 0060): add one, see each in the order the product pages'
 * Specifications list them with its kind, unit, choices and categories, and delete one. The values
 * of each tool are given in Manage Products.
 */
export function ManageAttributes() {
  const attributes = useQuery(attributesQueryOptions);
  const tree = useQuery(categoriesQueryOptions);
  const create = useCreateAttribute();
  const categories = tree.data ?? [];

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="add-attribute-heading" className="rounded-box border border-base-300 p-4">
        <h2 id="add-attribute-heading" className="mb-3 text-xl font-semibold">
          Add an attribute
        </h2>
        <AttributeForm
          categories={categories}
          onSave={async (body) => {
            const added = await create.mutateAsync(body);
            notify.success(`${added.name} was added.`);
          }}
        />
      </section>
      <section aria-labelledby="attribute-list-heading" className="flex flex-col gap-3">
        <h2 id="attribute-list-heading" className="text-xl font-semibold">
          The attributes
        </h2>
        <QueryView
          query={attributes}
          pendingLabel="Loading the attributes"
          errorTitle="The attributes could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p>There are no attributes yet. Add the first one above.</p>}
        >
          {(list) => (
            <ul className="flex flex-col gap-2" aria-label="Attributes">
              {list.map((attribute) => (
                <li key={attribute._id}>
                  <AttributeRow attribute={attribute} categories={categories} />
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </section>
    </div>
  );
}

/** "Electrical > Drills", or the slug itself while the tree is loading. */
function categoryNames(attribute: Attribute, categories: readonly Category[]): string {
  if (attribute.categories.length === 0) return "Every category";
  return attribute.categories
    .map((slug) => {
      const category = findCategory(categories, slug);
      return category ? pathLabel(categories, category) : slug;
    })
    .join(", ");
}

function AttributeRow({ attribute, categories }: { attribute: Attribute; categories: readonly Category[] }) {
  const [deleting, setDeleting] = useState(false);
  const remove = useDeleteAttribute();
  const detailsId = `attribute-${attribute._id}-details`;

  return (
    <article
      aria-labelledby={`attribute-${attribute._id}-name`}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-start"
    >
      <div className="min-w-0 flex-1">
        <h3 id={`attribute-${attribute._id}-name`} className="font-semibold break-words">
          {attribute.name}
        </h3>
        <dl id={detailsId} className="grid grid-cols-[auto_1fr] gap-x-3 text-sm text-base-content/80">
          <dt className="text-base-content/60">Key</dt>
          <dd className="break-all font-mono">{attribute.key}</dd>
          <dt className="text-base-content/60">Kind</dt>
          <dd>
            {KIND_LABELS[attribute.kind]}
            {attribute.unit ? ` in ${attribute.unit}` : ""}
          </dd>
          {attribute.kind === "choice" ? (
            <>
              <dt className="text-base-content/60">Choices</dt>
              <dd>
                <ul className="flex flex-wrap gap-1" aria-label={`Choices of ${attribute.name}`}>
                  {attribute.choices.map((choice) => (
                    <li key={choice} className="badge badge-outline badge-sm h-auto break-all">
                      {choice}
                    </li>
                  ))}
                </ul>
              </dd>
            </>
          ) : null}
          <dt className="text-base-content/60">Categories</dt>
          <dd className="break-words">{categoryNames(attribute, categories)}</dd>
        </dl>
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline btn-error self-start"
        aria-label={`Delete ${attribute.name}`}
        onClick={() => setDeleting(true)}
      >
        Delete
      </button>
      {deleting ? (
        <ConfirmDeleteDialog
          idPrefix={`delete-attribute-${attribute._id}`}
          title={`Delete ${attribute.name}?`}
          text={`${attribute.name} goes for good, and with it every product's ${attribute.name} value: their Specifications no longer list it. Adding it again does not bring the values back.`}
          error={remove.error}
          busy={remove.isPending}
          onClose={() => {
            remove.reset();
            setDeleting(false);
          }}
          onConfirm={(close) =>
            remove.mutate(attribute._id, {
              onSuccess: () => {
                notify.success(`${attribute.name} was deleted.`);
                close();
              },
            })
          }
        />
      ) : null}
    </article>
  );
}
