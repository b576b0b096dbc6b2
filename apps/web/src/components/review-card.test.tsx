import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ReviewCard } from "./review-card";

describe("ReviewCard", () => {
  it('shows "Review Star:" with the value, the comment and the name', () => {
    render(<ReviewCard review={{ review: "4", comment: "Sharp and sturdy.", name: "Tom Becker" }} />);
    expect(screen.getByText(/Review Star:/).textContent).toBe("Review Star: 4");
    expect(screen.getByRole("img", { name: "Rated 4 out of 5" })).toBeInTheDocument();
    expect(screen.getByText("Sharp and sturdy.")).toBeInTheDocument();
    expect(screen.getByText("Tom Becker")).toBeInTheDocument();
  });

  it("renders markup in a comment as text, never as HTML", () => {
    const comment = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const { container } = render(<ReviewCard review={{ review: "1", comment, name: "<b>Eve</b>" }} />);
    expect(screen.getByText(comment)).toBeInTheDocument();
    expect(screen.getByText("<b>Eve</b>")).toBeInTheDocument();
    expect(container.querySelector("script, img, b")).not.toBeInTheDocument();
  });

  it('shows a "Verified buyer" badge only when the API marks the reviewer as one', () => {
    const { unmount } = render(
      <ReviewCard review={{ review: "5", comment: "Bought two.", name: "Ann", verifiedBuyer: true }} />,
    );
    expect(screen.getByText("Verified buyer")).toBeInTheDocument();
    unmount();
    render(<ReviewCard review={{ review: "5", comment: "Never bought.", name: "Bo" }} />);
    expect(screen.queryByText("Verified buyer")).not.toBeInTheDocument();
  });

  it("clamps a rating outside 1..5 for the stars", () => {
    render(<ReviewCard review={{ review: "9", comment: "!", name: "A" }} />);
    expect(screen.getByRole("img", { name: "Rated 5 out of 5" })).toBeInTheDocument();
  });
});
