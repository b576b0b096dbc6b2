import type { Order, OrderLine, RefundLinesBody } from "@toolshop/shared/orders";
import { TextField } from "../../../components/form-fields";
import { Money } from "../../../components/money";
import { formatCount } from "../../../lib/format";
import { refundAmount, unitsLeft } from "../../../lib/order-lines";
import { refundableLines, refundModesOf } from "../order-commands";

/**
 * The whole order (the default where allowed, as before lines could be chosen), or chosen units of
 * chosen lines.
 */
export interface RefundChoiceState {
  mode: "whole" | "lines";
  /** Units to refund per tool id, as typed. */
  units: Record<string, string>;
}

const WHOLE_REFUND: RefundChoiceState = { mode: "whole", units: {} };

/** The dialog's first choice: the whole order where the table allows it, else chosen units. */
export function firstRefundChoice(order: Order): RefundChoiceState {
  return refundModesOf(order).whole ? WHOLE_REFUND : { mode: "lines", units: {} };
}
export const NO_UNITS_CHOSEN = "Choose at least one unit to refund.";

/** The units typed for a line, when they are a whole number within what is left; otherwise null. */
function chosenUnits(line: OrderLine, state: RefundChoiceState): number | null {
  const typed = (line.toolId && state.units[line.toolId]?.trim()) || "0";
  const units = Number(typed);
  return Number.isInteger(units) && units >= 0 && units <= unitsLeft(line) ? units : null;
}

/** What the choice refunds and the request's body (none for the whole order), or the reason it can't. */
export function refundOf(
  order: Order,
  state: RefundChoiceState,
): { amount: number; body?: RefundLinesBody; error?: string } {
  // A whole refund gives the shipping back too; lines refunded one by one keep it (decision 0067).
  if (state.mode === "whole") {
    return { amount: refundAmount(order.tax, order.lines, unitsLeft) + (order.shipping?.gross ?? 0) };
  }
  const lines = refundableLines(order);
  const invalid = lines.find((line) => chosenUnits(line, state) === null);
  if (invalid) {
    return {
      amount: 0,
      error: `Refund between 0 and ${formatCount(unitsLeft(invalid))} units of ${invalid.name}.`,
    };
  }
  const chosen = lines
    .map((line) => ({ toolId: line.toolId as string, quantity: chosenUnits(line, state) ?? 0 }))
    .filter((line) => line.quantity > 0);
  if (chosen.length === 0) return { amount: 0, error: NO_UNITS_CHOSEN };
  const amount = refundAmount(order.tax, lines, (line) => chosenUnits(line, state) ?? 0);
  return { amount, body: { lines: chosen } };
}

interface RefundChoiceProps {
  order: Order;
  state: RefundChoiceState;
  onChange: (state: RefundChoiceState) => void;
  /** Shown once the owner tried to refund an invalid choice. */
  error: string | undefined;
}

/**
 * The refund dialog's choice: the whole order or chosen units per line, and the amount that goes back.
 * An order the table allows no whole refund (shipped, delivered) shows its lines' units alone.
 */
export function RefundChoice({ order, state, onChange, error }: RefundChoiceProps) {
  const lines = refundableLines(order);
  const modes = refundModesOf(order);
  const { amount } = refundOf(order, state);
  const units = lines.map((line) => {
    const toolId = line.toolId as string;
    return (
      <TextField
        key={toolId}
        id={`refund-units-${toolId}`}
        label={`Units of ${line.name} to refund`}
        hint={
          <>
            {formatCount(unitsLeft(line))} left to refund at <Money amount={line.unitPrice} /> each
          </>
        }
        type="number"
        inputMode="numeric"
        min={0}
        max={unitsLeft(line)}
        step={1}
        value={state.units[toolId] ?? "0"}
        onChange={(event) => onChange({ ...state, units: { ...state.units, [toolId]: event.target.value } })}
      />
    );
  });
  return (
    <>
      {modes.whole ? (
        <>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 font-semibold">What to refund</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-mode"
                className="radio radio-sm"
                checked={state.mode === "whole"}
                onChange={() => onChange({ ...state, mode: "whole" })}
              />
              The whole order
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-mode"
                className="radio radio-sm"
                checked={state.mode === "lines"}
                disabled={!modes.lines}
                onChange={() => onChange({ ...state, mode: "lines" })}
              />
              Chosen tools
            </label>
          </fieldset>
          {state.mode === "lines" ? <div className="flex flex-col gap-2">{units}</div> : null}
        </>
      ) : (
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-semibold">Units to refund</legend>
          {units}
        </fieldset>
      )}
      {error ? (
        <p role="alert" className="text-error">
          {error}
        </p>
      ) : null}
      <p aria-live="polite">
        Amount to refund:{" "}
        <span className="font-semibold">
          <Money amount={amount} />
        </span>
      </p>
    </>
  );
}
