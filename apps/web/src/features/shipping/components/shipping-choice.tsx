import { useQuery } from "@tanstack/react-query";
import type { ShippingOption } from "@toolshop/shared/shipping";
import { useState } from "react";
import { Money } from "../../../components/money";
import { shippingOptionsQueryOptions } from "../api/shipping-options";

export const CHOOSE_SHIPPING = "Choose how the order is shipped";

const regionNames = new Intl.DisplayNames(["en"], { type: "region" });
const countryName = (code: string) => regionNames.of(code) ?? code;

/**
 * The checkout's shipping (decision 0067): the country (when a method serves some countries only) and
 * the method, each offered with what it charges these lines. The order sends the chosen method with
 * the charge shown, and the server refuses it if the charge has changed since.
 */
export function useShippingChoice(lines: readonly { toolId: string; quantity: number }[]) {
  const [country, setCountry] = useState("");
  const [methodId, setMethodId] = useState<string>();
  const query = useQuery(
    shippingOptionsQueryOptions({
      lines: lines.map(({ toolId, quantity }) => ({ toolId, quantity })),
      country: country === "" ? undefined : country,
    }),
  );
  const answer = query.data;
  const offered = answer?.options ?? [];
  const chosen: ShippingOption | undefined = offered.find((option) => option.methodId === methodId);
  // A shop that offers no methods ships free, as it always did: nothing to choose.
  const offersNone = answer !== undefined && answer.options.length === 0 && answer.countries.length === 0;
  const where = country === "" ? {} : { country };
  return {
    query,
    country,
    setCountry,
    methodId: chosen?.methodId,
    setMethodId,
    chosen,
    /** What the order body adds: the method with the charge shown, and the country. */
    orderFields: chosen
      ? { shipping: { methodId: chosen.methodId, charge: chosen.charge }, ...where }
      : where,
    /** The order may be placed: the shop offers no method, or one is chosen (and shown as it is now). */
    ready: offersNone || (chosen !== undefined && !query.isPlaceholderData),
  };
}

export type ShippingChoice = ReturnType<typeof useShippingChoice>;

interface ShippingChoiceFieldsProps {
  choice: ShippingChoice;
  idPrefix: string;
  /** Shows CHOOSE_SHIPPING under the methods (the form was sent without one). */
  missing: boolean;
}

export function ShippingChoiceFields({ choice, idPrefix, missing }: ShippingChoiceFieldsProps) {
  const { query } = choice;
  if (query.isPending) {
    return (
      <p className="text-sm text-base-content/70" role="status">
        Loading the shipping methods…
      </p>
    );
  }
  if (query.isError) {
    return (
      <p role="alert" className="text-sm text-error">
        The shipping methods could not be loaded: {query.error.message}
      </p>
    );
  }
  const { countries, options } = query.data;
  if (countries.length === 0 && options.length === 0) return null;
  const errorId = `${idPrefix}-shipping-error`;
  return (
    <fieldset className="fieldset gap-2" aria-describedby={missing ? errorId : undefined}>
      <legend className="fieldset-legend text-base">Shipping</legend>
      {countries.length > 0 ? (
        <label className="flex flex-col gap-1" htmlFor={`${idPrefix}-country`}>
          <span className="text-sm">Country</span>
          <select
            id={`${idPrefix}-country`}
            className="select w-full"
            value={choice.country}
            onChange={(event) => choice.setCountry(event.target.value)}
          >
            <option value="">Another country</option>
            {countries.map((code) => (
              <option key={code} value={code}>
                {countryName(code)}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {options.length === 0 ? (
        <p className="text-sm">No shipping method ships there. Please choose another country.</p>
      ) : (
        <div className="flex flex-col gap-2" aria-busy={query.isPlaceholderData}>
          {options.map((option) => (
            <label
              key={option.methodId}
              className="flex cursor-pointer items-start gap-3 rounded-field border border-base-300 p-3 has-checked:border-primary"
            >
              <input
                type="radio"
                className="radio radio-primary mt-0.5"
                name={`${idPrefix}-shipping`}
                value={option.methodId}
                checked={choice.methodId === option.methodId}
                aria-invalid={missing && !choice.methodId}
                onChange={() => choice.setMethodId(option.methodId)}
              />
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="font-medium break-words">{option.name}</span>
                {option.note ? <span className="text-sm text-base-content/70">{option.note}</span> : null}
              </span>
              <span className="font-semibold">
                {option.charge === 0 ? "Free" : <Money amount={option.charge} />}
              </span>
            </label>
          ))}
        </div>
      )}
      {missing && !choice.methodId ? (
        <p id={errorId} className="text-sm text-error">
          {CHOOSE_SHIPPING}
        </p>
      ) : null}
    </fieldset>
  );
}
