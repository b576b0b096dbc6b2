import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { StatusBadge } from "./status-badge";

describe("StatusBadge", () => {
  it('shows roles in the spec\'s words: "admin" and "Customer"', () => {
    render(
      <>
        <StatusBadge kind="role" value="admin" />
        <StatusBadge kind="role" value="user" />
      </>,
    );
    expect(screen.getByText("admin").className).toContain("badge-primary");
    expect(screen.getByText("Customer").className).toContain("badge-ghost");
  });

  it("shows order statuses capitalised, each with its colour", () => {
    render(
      <>
        <StatusBadge kind="order" value="unpaid" />
        <StatusBadge kind="order" value="delivered" />
        <StatusBadge kind="order" value="expired" />
      </>,
    );
    expect(screen.getByText("Unpaid").className).toContain("badge-warning");
    expect(screen.getByText("Delivered").className).toContain("badge-success");
    expect(screen.getByText("Expired").className).toContain("badge-neutral");
  });
});
