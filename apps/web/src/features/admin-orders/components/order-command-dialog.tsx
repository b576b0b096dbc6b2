import { zodResolver } from "@hookform/resolvers/zod";
import {
  CARRIER_MAX_LENGTH,
  type ShipOrderBody,
  shipOrderBodySchema,
  TRACKING_NUMBER_MAX_LENGTH,
} from "@toolshop/shared/admin-orders";
import type { Order } from "@toolshop/shared/orders";
import { type FormEvent, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "../../../components/form-fields";
import { ModalDialog } from "../../../components/modal-dialog";
import { linesInWords } from "../../../lib/order-lines";
import type { OrderCommand } from "../api/admin-orders-api";
import { type OrderCommandKind, refundModesOf } from "../order-commands";
import { firstRefundChoice, RefundChoice, type RefundChoiceState, refundOf } from "./refund-choice";

interface Wording {
  title: string;
  text: string;
  confirm: string;
  busy: string;
}

const WORDING: Record<OrderCommandKind, Wording> = {
  ship: {
    title: "Ship this order?",
    text: "Enter the carrier and the parcel's tracking number.",
    confirm: "Ship",
    busy: "Shipping…",
  },
  deliver: {
    title: "Mark this order delivered?",
    text: "Do this once the carrier says the parcel has arrived.",
    confirm: "Mark delivered",
    busy: "Saving…",
  },
  refund: {
    title: "Refund this order?",
    text: "The amount below goes back to the customer and the units back into stock. This cannot be undone.",
    confirm: "Yes, refund",
    busy: "Refunding…",
  },
  cancel: {
    title: "Cancel this order?",
    text: "The order has not been paid; its units go back into stock. This cannot be undone.",
    confirm: "Yes, cancel the order",
    busy: "Cancelling…",
  },
};

/** A refund of an order that may only have chosen units refunded (shipped, delivered): it stays as it is. */
const UNITS_REFUND_WORDING: Wording = {
  ...WORDING.refund,
  title: "Refund units of this order?",
  text: "Choose the units to refund: their amount goes back to the customer and the units back into stock. This cannot be undone.",
};

interface OrderCommandDialogProps {
  order: Order;
  kind: OrderCommandKind;
  /** The server's refusal, shown inside the dialog. */
  error: Error | null;
  busy: boolean;
  onConfirm: (command: OrderCommand, close: () => void) => void;
  onClose: () => void;
}

/** Asks before the owner ships (with carrier and tracking number), delivers, cancels or refunds an order. */
export function OrderCommandDialog({
  order,
  kind,
  error,
  busy,
  onConfirm,
  onClose,
}: OrderCommandDialogProps) {
  const wording = kind === "refund" && !refundModesOf(order).whole ? UNITS_REFUND_WORDING : WORDING[kind];
  const keepRef = useRef<HTMLButtonElement>(null);
  const carrierRef = useRef<HTMLInputElement>(null);
  // The ship form's carrier and tracking number, checked with the route's own schema.
  const {
    register,
    handleSubmit,
    formState: { errors: fieldErrors },
  } = useForm<ShipOrderBody>({
    resolver: zodResolver(shipOrderBodySchema),
    defaultValues: { carrier: "", trackingNumber: "" },
  });
  const [refund, setRefund] = useState<RefundChoiceState>(() => firstRefundChoice(order));
  const [refundError, setRefundError] = useState<string>();

  const submit = (event: FormEvent, close: () => void) => {
    if (kind === "ship") {
      void handleSubmit((body) => onConfirm({ kind, body }, close))(event);
      return;
    }
    event.preventDefault();
    if (kind === "refund") {
      const { body, error: invalid } = refundOf(order, refund);
      setRefundError(invalid);
      if (!invalid) onConfirm(body ? { kind, body } : { kind }, close);
      return;
    }
    onConfirm({ kind }, close);
  };

  return (
    <ModalDialog
      titleId="order-command-title"
      title={wording.title}
      describedById="order-command-text"
      busy={busy}
      onClose={onClose}
      initialFocus={kind === "ship" ? carrierRef : keepRef}
    >
      {(close) => (
        <form noValidate onSubmit={(event) => submit(event, close)} className="flex flex-col gap-3">
          <p id="order-command-text">
            {linesInWords(order)} for <span className="break-all">{order.email}</span>. {wording.text}
          </p>
          {kind === "ship" ? (
            <>
              <TextField
                id="ship-carrier"
                label="Carrier"
                error={fieldErrors.carrier?.message}
                registration={register("carrier")}
                ref={carrierRef}
                maxLength={CARRIER_MAX_LENGTH}
              />
              <TextField
                id="ship-tracking"
                label="Tracking number"
                error={fieldErrors.trackingNumber?.message}
                registration={register("trackingNumber")}
                maxLength={TRACKING_NUMBER_MAX_LENGTH}
              />
            </>
          ) : null}
          {kind === "refund" ? (
            <RefundChoice
              order={order}
              state={refund}
              onChange={(state) => {
                setRefund(state);
                setRefundError(undefined);
              }}
              error={refundError}
            />
          ) : null}
          {error ? (
            <p role="alert" className="alert alert-error">
              {error.message}
            </p>
          ) : null}
          <div className="modal-action flex-wrap">
            <button ref={keepRef} type="button" className="btn" onClick={close} disabled={busy}>
              {kind === "cancel" || kind === "refund" ? "Keep the order" : "Back"}
            </button>
            <button
              type="submit"
              className={`btn ${kind === "cancel" || kind === "refund" ? "btn-error" : "btn-primary"}`}
              disabled={busy}
            >
              {busy ? wording.busy : wording.confirm}
            </button>
          </div>
        </form>
      )}
    </ModalDialog>
  );
}
