import { PAGE_PATHS } from "@toolshop/shared/page-paths";
import type { AttributeFacet, ToolFacets } from "@toolshop/shared/tool-facets";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { formatCount } from "../../../lib/format";
import { countFacetFilters, type FacetFilters, NO_FACET_FILTERS, readFacetFilters } from "../facet-filters";
import type { ToolFilters } from "../use-tool-filters";

interface FacetPanelProps {
  filters: ToolFilters;
  /** The first page's facets (decision 0061); undefined while none has come, null for none. */
  facets: ToolFacets | null | undefined;
  onChange: (facets: FacetFilters) => void;
  hrefFor: (update: Partial<ToolFilters>) => string;
}

/** The panel's breakpoint: beside the list from here, behind "Filters" below. */
const SIDE_BY_SIDE = "(min-width: 64rem)";

/**
 * The search's filters with their counts: a GET form to the tools page whose fields are the URL's, so
 * that it works as HTML before hydration (decision 0049) and the server renders what it asks for.
 * Hydrated, a tick or a range applies at once, through the URL. On a phone it folds behind "Filters".
 */
export function FacetPanel({ filters: asked, facets, onChange, hrefFor }: FacetPanelProps) {
  // What was just chosen, until the URL has it: the router's navigation is a transition, and a
  // controlled box would meanwhile show its old state (a tick seemed not to take).
  const [chosen, setChosen] = useState<FacetFilters | null>(null);
  const urlFacets = JSON.stringify(asked.facets);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the URL's filters changed, by value.
  useEffect(() => setChosen(null), [urlFacets]);
  const filters: ToolFilters = chosen ? { ...asked, facets: chosen } : asked;
  const active = countFacetFilters(filters.facets);
  const details = useRef<HTMLDetailsElement>(null);
  // Open beside the list on a wide screen (CSS shows it there before hydration too).
  useEffect(() => {
    // jsdom has no matchMedia.
    if (details.current && window.matchMedia?.(SIDE_BY_SIDE).matches) details.current.open = true;
  }, []);

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget)) {
      if (typeof value === "string") params.append(name, value);
    }
    const next = readFacetFilters(params);
    setChosen(next);
    onChange(next);
  }
  const apply = (form: HTMLFormElement | null | undefined) => form?.requestSubmit();

  return (
    <details
      ref={details}
      className="group mt-6 rounded-box border border-base-300 bg-base-100 lg:details-content:[content-visibility:visible] lg:self-start"
    >
      <summary className="flex cursor-pointer items-center gap-2 p-4 font-semibold lg:hidden">
        Filters
        {active > 0 ? (
          <span className="badge badge-sm badge-primary">
            {active}
            <span className="sr-only"> chosen</span>
          </span>
        ) : null}
      </summary>
      <form
        method="get"
        action={PAGE_PATHS.tools}
        aria-label="Filters"
        onSubmit={submit}
        className="flex flex-col gap-5 border-t border-base-300 p-4 lg:border-t-0"
      >
        {filters.category ? <input type="hidden" name="category" value={filters.category} /> : null}
        {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
        {filters.sort !== "featured" ? <input type="hidden" name="sort" value={filters.sort} /> : null}
        <h2 className="hidden text-lg font-semibold lg:block">Filters</h2>
        <PriceRange filters={filters.facets} facets={facets} onBlur={apply} />
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-semibold">Availability</legend>
          <Choice
            name="inStock"
            value="true"
            label="In stock only"
            count={facets?.inStockCount}
            checked={filters.facets.inStock}
            onChange={apply}
          />
        </fieldset>
        {facets?.attributes.map((facet) => (
          <AttributeFieldset key={facet.key} facet={facet} filters={filters.facets} onChange={apply} />
        ))}
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className="btn btn-sm btn-primary">
            Apply filters
          </button>
          {active > 0 ? (
            <Link to={hrefFor({ facets: NO_FACET_FILTERS })} preventScrollReset className="link text-sm">
              Clear filters
            </Link>
          ) : null}
        </div>
      </form>
    </details>
  );
}

interface ChoiceProps {
  name: string;
  value: string;
  label: string;
  count: number | undefined;
  checked: boolean;
  onChange: (form: HTMLFormElement | null) => void;
}

/** A checkbox with its count, which a screen reader reads as "Brushless (3 tools)". */
function Choice({ name, value, label, count, checked, onChange }: ChoiceProps) {
  return (
    <label
      className={`flex cursor-pointer items-center gap-2 ${count === 0 && !checked ? "opacity-60" : ""}`}
    >
      <input
        type="checkbox"
        className="checkbox checkbox-sm"
        name={name}
        value={value}
        checked={checked}
        onChange={(event) => onChange(event.currentTarget.form)}
      />
      <span className="flex-1">{label}</span>
      {count === undefined ? null : (
        <>
          <span aria-hidden="true" className="badge badge-ghost badge-sm">
            {formatCount(count)}
          </span>
          <span className="sr-only">{`(${formatCount(count)} ${count === 1 ? "tool" : "tools"})`}</span>
        </>
      )}
    </label>
  );
}

interface AttributeFieldsetProps {
  facet: AttributeFacet;
  filters: FacetFilters;
  onChange: (form: HTMLFormElement | null) => void;
}

function AttributeFieldset({ facet, filters, onChange }: AttributeFieldsetProps) {
  const filter = filters.attributes.find((candidate) => candidate.key === facet.key);
  const name = `attr.${facet.key}`;
  if (facet.kind === "number") {
    // A number no tool has here: nothing to range over, unless a range is chosen (to change it).
    if (facet.min === null && filter?.min === undefined && filter?.max === undefined) return null;
    return (
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 font-semibold">{facet.name}</legend>
        <div className="grid grid-cols-2 gap-2">
          <RangeInput
            name={`${name}.min`}
            label={`${facet.name} from`}
            shown="From"
            unit={facet.unit}
            value={filter?.min}
            placeholder={facet.min}
            onBlur={onChange}
          />
          <RangeInput
            name={`${name}.max`}
            label={`${facet.name} to`}
            shown="To"
            unit={facet.unit}
            value={filter?.max}
            placeholder={facet.max}
            onBlur={onChange}
          />
        </div>
      </fieldset>
    );
  }
  if (facet.values.length === 0) return null;
  const chosen = new Set(filter?.values.map((value) => value.toLowerCase()));
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">{facet.name}</legend>
      {facet.values.map(({ value, count }) => (
        <Choice
          key={value}
          name={name}
          value={value}
          label={facet.kind === "boolean" ? (value === "true" ? "Yes" : "No") : value}
          count={count}
          checked={chosen.has(value.toLowerCase())}
          onChange={onChange}
        />
      ))}
    </fieldset>
  );
}

interface RangeInputProps {
  name: string;
  /** What a screen reader hears: "Voltage from". */
  label: string;
  /** What the eye reads beside the field: "From". */
  shown: string;
  unit: string | null;
  value: number | undefined;
  placeholder: number | null | undefined;
  step?: string;
  onBlur: (form: HTMLFormElement | null) => void;
}

/** A bound of a range; hydrated, it applies when left (or on Enter, which sends the form). */
function RangeInput({ name, label, shown, unit, value, placeholder, step = "any", onBlur }: RangeInputProps) {
  const fromUrl = value === undefined ? "" : String(value);
  const [text, setText] = useState(fromUrl);
  // The URL changed (Clear filters, Back): the field shows its value.
  useEffect(() => setText(fromUrl), [fromUrl]);
  return (
    <label className="input input-sm w-full">
      <span className="label">{shown}</span>
      <input
        type="number"
        inputMode="decimal"
        step={step}
        name={name}
        aria-label={unit ? `${label}, ${unit}` : label}
        value={text}
        placeholder={placeholder === null || placeholder === undefined ? "" : String(placeholder)}
        onChange={(event) => setText(event.target.value)}
        onBlur={(event) => {
          if (event.currentTarget.value !== fromUrl) onBlur(event.currentTarget.form);
        }}
        className="min-w-0"
      />
      {unit ? <span className="label">{unit}</span> : null}
    </label>
  );
}

function PriceRange({
  filters,
  facets,
  onBlur,
}: {
  filters: FacetFilters;
  facets: ToolFacets | null | undefined;
  onBlur: (form: HTMLFormElement | null) => void;
}) {
  const units = (cents: number | null | undefined) =>
    cents === null || cents === undefined ? undefined : cents / 100;
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="mb-1 font-semibold">Price</legend>
      <div className="grid grid-cols-2 gap-2">
        <RangeInput
          name="priceMin"
          label="Price from"
          shown="From"
          unit={null}
          step="0.01"
          value={units(filters.priceMinCents)}
          placeholder={units(facets?.price?.minCents)}
          onBlur={onBlur}
        />
        <RangeInput
          name="priceMax"
          label="Price to"
          shown="To"
          unit={null}
          step="0.01"
          value={units(filters.priceMaxCents)}
          placeholder={units(facets?.price?.maxCents)}
          onBlur={onBlur}
        />
      </div>
    </fieldset>
  );
}
