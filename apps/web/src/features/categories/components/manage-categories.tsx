import { useQuery } from "@tanstack/react-query";
import type { Category } from "@toolshop/shared/categories";
import { toolsPagePath } from "@toolshop/shared/page-paths";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { ConfirmDeleteDialog } from "../../../components/confirm-delete-dialog";
import { QueryView } from "../../../components/query-view";
import { formatCount } from "../../../lib/format";
import { notify } from "../../../lib/toast";
import { useCreateCategory } from "../api/create-category";
import { useDeleteCategory } from "../api/delete-category";
import { categoriesQueryOptions } from "../api/get-categories";
import { useUpdateCategory } from "../api/update-category";
import { childrenOf } from "../category-tree";
import { CategoryForm } from "./category-form";

type Move = "up" | "down";

/**
 * The owner's category tree (issue 58): add a category, and for each one rename it or give it another
 * parent, move it up or down among its siblings, or delete it once it holds no tools and no
 * sub-categories. Every control is a button or a field, in reading order, for the keyboard.
 */
export function ManageCategories() {
  const tree = useQuery(categoriesQueryOptions);
  const create = useCreateCategory();

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="add-category-heading" className="rounded-box border border-base-300 p-4">
        <h2 id="add-category-heading" className="mb-3 text-xl font-semibold">
          Add a category
        </h2>
        <CategoryForm
          categories={tree.data ?? []}
          idPrefix="add-category"
          submitLabel="Add category"
          busyLabel="Adding…"
          onSave={async (values) => {
            const added = await create.mutateAsync(values);
            notify.success(`${added.name} was added.`);
          }}
        />
      </section>
      <section aria-labelledby="category-tree-heading" className="flex flex-col gap-3">
        <h2 id="category-tree-heading" className="text-xl font-semibold">
          The tree
        </h2>
        <QueryView
          query={tree}
          pendingLabel="Loading the categories"
          errorTitle="The categories could not be loaded."
          isEmpty={(categories) => categories.length === 0}
          empty={<p>There are no categories yet. Add the first one above.</p>}
        >
          {(categories) => <CategoryList categories={categories} parentId={null} />}
        </QueryView>
      </section>
    </div>
  );
}

/** The sub-categories of `parentId` as a list, each with its own list under it. */
function CategoryList({
  categories,
  parentId,
}: {
  categories: readonly Category[];
  parentId: string | null;
}) {
  const siblings = childrenOf(categories, parentId);
  if (siblings.length === 0) return null;
  return (
    <ul
      className={`flex flex-col gap-2 ${parentId ? "mt-2 border-l-2 border-base-300 pl-3 sm:pl-6" : ""}`}
      aria-label={
        parentId ? `Sub-categories of ${categories.find((c) => c._id === parentId)?.name}` : "Categories"
      }
    >
      {siblings.map((category, index) => (
        <li key={category._id}>
          <CategoryRow
            category={category}
            categories={categories}
            first={index === 0}
            last={index === siblings.length - 1}
          />
          <CategoryList categories={categories} parentId={category._id} />
        </li>
      ))}
    </ul>
  );
}

interface CategoryRowProps {
  category: Category;
  categories: readonly Category[];
  first: boolean;
  last: boolean;
}

function CategoryRow({ category, categories, first, last }: CategoryRowProps) {
  const [editing, setEditing] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const update = useUpdateCategory();
  const remove = useDeleteCategory();
  const row = useRef<HTMLDivElement>(null);
  // After a move the row is elsewhere in the list: the keyboard stays on the button it pressed, or on
  // the other one when that one has reached the end.
  const moved = useRef<Move | null>(null);
  useEffect(() => {
    const move = moved.current;
    if (!move || update.isPending) return;
    moved.current = null;
    const button = (which: Move) => row.current?.querySelector<HTMLButtonElement>(`[data-move="${which}"]`);
    const pressed = button(move);
    (pressed && !pressed.disabled ? pressed : button(move === "up" ? "down" : "up"))?.focus();
  });

  const children = childrenOf(categories, category._id);
  const blocked =
    children.length > 0
      ? "It has sub-categories: move or delete them first."
      : category.toolCount > 0
        ? "It holds tools: move them to another category first."
        : undefined;
  const noteId = `category-${category._id}-note`;

  const move = (direction: Move) => {
    moved.current = direction;
    update.mutate(
      { id: category._id, body: { move: direction } },
      { onError: (error) => notify.error(error.message) },
    );
  };

  if (editing) {
    return (
      <div className="rounded-box border border-primary/40 bg-base-100 p-4">
        <CategoryForm
          categories={categories}
          editing={category}
          idPrefix={`edit-category-${category._id}`}
          submitLabel="Save"
          busyLabel="Saving…"
          onCancel={() => setEditing(false)}
          onSave={async (values) => {
            await update.mutateAsync({ id: category._id, body: values });
            notify.success(`${values.name} was saved.`);
            setEditing(false);
          }}
        />
      </div>
    );
  }

  return (
    <div
      ref={row}
      className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-100 p-3 sm:flex-row sm:items-center"
    >
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold break-words">{category.name}</h3>
        <p id={noteId} className="text-sm text-base-content/70">
          <Link to={toolsPagePath(category.slug)} className="link link-hover">
            {toolsPagePath(category.slug)}
          </Link>
          {" · "}
          {category.toolCount === 1 ? "1 tool" : `${formatCount(category.toolCount)} tools`}
          {blocked ? <span className="sr-only"> · {blocked}</span> : null}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          data-move="up"
          className="btn btn-sm"
          disabled={first || update.isPending}
          aria-label={`Move ${category.name} up`}
          onClick={() => move("up")}
        >
          <span aria-hidden="true">↑</span> Up
        </button>
        <button
          type="button"
          data-move="down"
          className="btn btn-sm"
          disabled={last || update.isPending}
          aria-label={`Move ${category.name} down`}
          onClick={() => move("down")}
        >
          <span aria-hidden="true">↓</span> Down
        </button>
        <button
          type="button"
          className="btn btn-sm"
          aria-label={`Edit ${category.name}`}
          onClick={() => setEditing(true)}
        >
          Edit
        </button>
        <button
          type="button"
          className="btn btn-sm btn-outline btn-error"
          aria-label={`Delete ${category.name}`}
          aria-describedby={blocked ? noteId : undefined}
          disabled={blocked !== undefined}
          title={blocked}
          onClick={() => setDeleting(true)}
        >
          Delete
        </button>
      </div>
      {deleting ? (
        <ConfirmDeleteDialog
          idPrefix={`delete-category-${category._id}`}
          title={`Delete ${category.name}?`}
          text={`${category.name} and its address ${toolsPagePath(category.slug)} go for good.`}
          error={remove.error}
          busy={remove.isPending}
          onClose={() => {
            remove.reset();
            setDeleting(false);
          }}
          onConfirm={(close) =>
            remove.mutate(category._id, {
              onSuccess: () => {
                notify.success(`${category.name} was deleted.`);
                close();
              },
            })
          }
        />
      ) : null}
    </div>
  );
}
