import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import {
  type RelatedTool,
  type ToolRelationsBody,
  type ToolRelationsValues,
  toolRelationsBodySchema,
} from "@toolshop/shared/tool-relations";
import type { Tool } from "@toolshop/shared/tools";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { ModalDialog } from "../../../components/modal-dialog";
import { notify } from "../../../lib/toast";
import { TOOLS_QUERY_KEY } from "../api/products-api";
import { saveToolRelations } from "../api/relations-api";
import { ToolPicker } from "./tool-picker";

type ListKey = "accessories" | "spareParts" | "worksWith";
const LISTS: { key: ListKey; title: string; pick: string }[] = [
  { key: "accessories", title: "Accessories", pick: "Add an accessory (SKU or name)" },
  { key: "spareParts", title: "Spare parts", pick: "Add a spare part (SKU or name)" },
  { key: "worksWith", title: "Works with", pick: "Add a tool it works with (SKU or name)" },
];

/**
 * The owner's "Relations" of a product (decision 0058): its model number, whether it is discontinued,
 * the tool that replaces it, and its accessories, spare parts and works-with, saved together.
 */
export function RelationsDialog({ tool, onClose }: { tool: Tool; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string>();
  const [lists, setLists] = useState<Record<ListKey, RelatedTool[]>>({
    accessories: tool.related.accessories,
    spareParts: tool.related.spareParts,
    worksWith: tool.related.worksWith,
  });
  const [successor, setSuccessor] = useState<RelatedTool | null>(tool.related.successor);
  const form = useForm<ToolRelationsBody, unknown, ToolRelationsValues>({
    resolver: zodResolver(toolRelationsBodySchema),
    defaultValues: {
      modelNumber: tool.modelNumber ?? "",
      discontinued: tool.discontinued,
      successorId: tool.related.successor?._id ?? null,
      accessories: lists.accessories.map((item) => item._id),
      spareParts: lists.spareParts.map((item) => item._id),
      worksWith: lists.worksWith.map((item) => item._id),
    },
  });
  const { errors, isSubmitting } = form.formState;

  const setList = (key: ListKey, next: RelatedTool[]) => {
    setLists((current) => ({ ...current, [key]: next }));
    form.setValue(
      key,
      next.map((item) => item._id),
      { shouldValidate: true },
    );
  };
  const chooseSuccessor = (next: RelatedTool | null) => {
    setSuccessor(next);
    form.setValue("successorId", next?._id ?? null);
  };

  const save = (close: () => void) =>
    form.handleSubmit(async (values) => {
      setFailure(undefined);
      try {
        await saveToolRelations(tool._id, values);
        notify.success(`Relations of ${tool.name} saved`);
        await queryClient.invalidateQueries({ queryKey: TOOLS_QUERY_KEY });
        close();
      } catch (error) {
        setFailure(error instanceof Error ? error.message : "The relations could not be saved.");
      }
    });

  return (
    <ModalDialog
      titleId="relations-title"
      title={`Relations of ${tool.name}`}
      busy={isSubmitting}
      onClose={onClose}
      wide
    >
      {(close) => (
        <form onSubmit={save(close)} noValidate className="flex flex-col gap-5">
          <label className="flex flex-col gap-1">
            <span className="font-medium">Model number</span>
            <input {...form.register("modelNumber")} className="input w-full" autoComplete="off" />
            {errors.modelNumber ? (
              <span className="text-sm text-error">{errors.modelNumber.message}</span>
            ) : null}
          </label>
          <label className="flex items-center gap-2">
            <input type="checkbox" className="checkbox" {...form.register("discontinued")} />
            <span>Discontinued: still shown, no longer orderable</span>
          </label>
          <fieldset className="flex flex-col gap-2">
            <legend className="font-medium">Replaced by</legend>
            {successor ? (
              <p className="flex flex-wrap items-center gap-2">
                {successor.name} <span className="font-mono text-sm">{successor.sku}</span>
                <button type="button" className="btn btn-xs" onClick={() => chooseSuccessor(null)}>
                  Remove<span className="sr-only"> the successor {successor.name}</span>
                </button>
              </p>
            ) : (
              <ToolPicker
                label="Successor (SKU or name)"
                exclude={new Set([tool._id])}
                onPick={chooseSuccessor}
              />
            )}
          </fieldset>
          {LISTS.map((list) => (
            <fieldset key={list.key} className="flex flex-col gap-2">
              <legend className="font-medium">{list.title}</legend>
              {lists[list.key].length > 0 ? (
                <ul aria-label={list.title} className="flex flex-col gap-1">
                  {lists[list.key].map((item) => (
                    <li key={item._id} className="flex flex-wrap items-center gap-2">
                      {item.name} <span className="font-mono text-sm">{item.sku}</span>
                      <button
                        type="button"
                        className="btn btn-xs"
                        onClick={() =>
                          setList(
                            list.key,
                            lists[list.key].filter((other) => other._id !== item._id),
                          )
                        }
                      >
                        Remove
                        <span className="sr-only">
                          {" "}
                          {item.name} from {list.title}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              ) : null}
              <ToolPicker
                label={list.pick}
                exclude={new Set([tool._id, ...lists[list.key].map((item) => item._id)])}
                onPick={(picked) => setList(list.key, [...lists[list.key], picked])}
              />
              {errors[list.key] ? (
                <span className="text-sm text-error">{errors[list.key]?.message}</span>
              ) : null}
            </fieldset>
          ))}
          {failure ? (
            <p role="alert" className="alert alert-error">
              {failure}
            </p>
          ) : null}
          <div className="modal-action">
            <button type="button" className="btn" onClick={close} disabled={isSubmitting}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
              {isSubmitting ? "Saving…" : "Save relations"}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
