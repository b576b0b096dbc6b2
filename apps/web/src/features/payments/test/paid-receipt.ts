// What the payment screen's tests expect once a payment went through (tests only).
import { screen } from "@testing-library/react";
import { expect } from "vitest";

/**
 * The receipt has replaced the card form: focused, with the order's number, the payment id and the way
 * back to My orders.
 */
export async function expectPaidReceipt(paymentId: string, orderNumber: string): Promise<void> {
  const receipt = await screen.findByRole("status", { name: "Congrats! Your payment is completed." });
  expect(document.activeElement).toBe(receipt);
  expect(screen.queryByRole("button", { name: "Pay" })).not.toBeInTheDocument();
  expect(screen.queryByText(/by card/)).not.toBeInTheDocument();
  expect(screen.getByRole("link", { name: "Back to My orders" })).toBeInTheDocument();
  expect(screen.getByText(paymentId)).toBeInTheDocument();
  expect(screen.getByText("Order number").nextElementSibling).toHaveTextContent(orderNumber);
}
