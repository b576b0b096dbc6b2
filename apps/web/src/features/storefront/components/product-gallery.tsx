import type { TOOL_IMAGES_MAX, ToolImage } from "@toolshop/shared/tool-media";
import { useEffect, useId, useRef, useState } from "react";
import { useHydrated } from "../../../lib/use-hydrated";

/** What a picture is called: the owner's description, else the tool's name and its place. */
export function pictureLabel(images: readonly ToolImage[], index: number, toolName: string): string {
  const alt = images[index]?.alt;
  if (alt) return alt;
  return images.length > 1 ? `${toolName}, picture ${index + 1}` : toolName;
}

// The large picture shown is the one whose thumbnail's radio is checked: CSS alone, so a tap before
// the page hydrates (decision 0049) and a page without scripts choose a picture too. Written out, one
// per place, so Tailwind finds each class in the source.
const SHOWN_WHEN_CHOSEN = [
  "group-has-[li:nth-child(1)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(2)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(3)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(4)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(5)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(6)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(7)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(8)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(9)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(10)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(11)>label>input:checked]/gallery:block",
  "group-has-[li:nth-child(12)>label>input:checked]/gallery:block",
] as const satisfies { length: typeof TOOL_IMAGES_MAX };

/**
 * A tool's pictures (decision 0057): the chosen one large, the others as thumbnails. Each thumbnail is
 * a labelled radio button of one group, so the browser does the choosing: a tap or click, the arrow
 * keys between them, and a screen reader hears "Show picture 2: …, 2 of 3, selected". Once hydrated,
 * Previous and Next buttons move the choice too, and a polite live line says which picture is shown.
 * A tool of one picture shows it alone, as the page did before.
 */
export function ProductGallery({ toolName, images }: { toolName: string; images: readonly ToolImage[] }) {
  const group = useId();
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState(0);
  const radios = useRef<(HTMLInputElement | null)[]>([]);
  const count = images.length;
  const several = count > 1;
  // A thumbnail tapped before hydration: the live line starts from it.
  useEffect(() => {
    const checked = radios.current.findIndex((radio) => radio?.checked);
    if (checked > 0) setChosen(checked);
  }, []);

  const move = (step: number) => {
    // The checked radio is the truth: a thumbnail tapped before hydration counts.
    const current = Math.max(
      radios.current.findIndex((radio) => radio?.checked),
      0,
    );
    const next = (current + step + count) % count;
    const radio = radios.current[next];
    if (radio) radio.checked = true;
    setChosen(next);
  };

  return (
    <section aria-label={`Pictures of ${toolName}`} className="group/gallery flex flex-col gap-3">
      <figure className="grid aspect-[4/3] rounded-box border border-base-300 bg-base-200 p-8">
        {images.map((image, index) => (
          <img
            // biome-ignore lint/suspicious/noArrayIndexKey: a picture may be shown twice; its place names it.
            key={index}
            src={image.url}
            alt={pictureLabel(images, index, toolName)}
            width={640}
            height={480}
            fetchPriority={index === 0 ? "high" : "auto"}
            loading={index === 0 ? "eager" : "lazy"}
            className={`col-start-1 row-start-1 h-full w-full object-contain ${
              several ? `hidden ${SHOWN_WHEN_CHOSEN[index] ?? ""}` : ""
            }`}
          />
        ))}
      </figure>
      {several ? (
        <>
          {hydrated ? (
            <div className="flex items-center justify-between gap-2">
              <button type="button" className="btn btn-sm btn-outline" onClick={() => move(-1)}>
                <span aria-hidden="true">‹</span> Previous picture
              </button>
              <p aria-live="polite" className="text-sm text-base-content/80">
                Picture {chosen + 1} of {count}
              </p>
              <button type="button" className="btn btn-sm btn-outline" onClick={() => move(1)}>
                Next picture <span aria-hidden="true">›</span>
              </button>
            </div>
          ) : null}
          <ul aria-label="Choose a picture" className="flex gap-2 overflow-x-auto p-1">
            {images.map((image, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: as above.
              <li key={index} className="shrink-0">
                <label className="block size-16 cursor-pointer rounded-field border-2 border-base-300 bg-base-200 p-1 has-checked:border-primary has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-primary sm:size-20">
                  <input
                    ref={(element) => {
                      radios.current[index] = element;
                    }}
                    type="radio"
                    name={`gallery-${group}`}
                    value={index}
                    defaultChecked={index === 0}
                    aria-label={`Show picture ${index + 1}: ${pictureLabel(images, index, toolName)}`}
                    onChange={() => setChosen(index)}
                    className="sr-only"
                  />
                  <img
                    src={image.url}
                    alt=""
                    width={80}
                    height={80}
                    loading="lazy"
                    className="h-full w-full object-contain"
                  />
                </label>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
