import type { Tool } from "@toolshop/shared/tools";

interface ToolPictureProps {
  tool: Pick<Tool, "image" | "name">;
  /** Lazy in the catalogue's list; eager where it is the one tool of the page (checkout). */
  loading?: "lazy" | "eager";
}

/** A tool's picture at the top of its card, 4:3, named by the tool (it is the card's only image). */
export function ToolPicture({ tool, loading = "lazy" }: ToolPictureProps) {
  return (
    <figure className="aspect-[4/3] bg-base-200 p-6">
      <img
        src={tool.image}
        alt={tool.name}
        width={320}
        height={240}
        loading={loading}
        decoding="async"
        className="h-full w-full object-contain"
      />
    </figure>
  );
}
