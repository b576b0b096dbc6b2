// What each cart action does to the lines, the same for a visitor's cart and an account's.

export interface EditableLine {
  toolId: string;
  quantity: number;
  seenPrice?: number | undefined;
}

export interface AddedTool {
  _id: string;
  price: number;
  availableQuantity: number;
}

export type CartChange =
  | { kind: "add"; tool: AddedTool; quantity: number }
  | { kind: "quantity"; toolId: string; quantity: number }
  | { kind: "accept-price"; toolId: string; price: number }
  | { kind: "remove"; toolId: string };

/** The lines after `change`: adding a tool already there adds to its quantity, up to the stock. */
export function applyCartChange<Line extends EditableLine>(
  lines: Line[],
  change: CartChange,
  newLine: (toolId: string, quantity: number, seenPrice: number) => Line,
): Line[] {
  switch (change.kind) {
    case "add": {
      const { tool, quantity } = change;
      const existing = lines.find((line) => line.toolId === tool._id);
      if (!existing) return [...lines, newLine(tool._id, quantity, tool.price)];
      const sum = Math.max(existing.quantity, Math.min(existing.quantity + quantity, tool.availableQuantity));
      return lines.map((line) => (line === existing ? { ...line, quantity: sum } : line));
    }
    case "quantity":
      return lines.map((line) =>
        line.toolId === change.toolId ? { ...line, quantity: change.quantity } : line,
      );
    case "accept-price":
      return lines.map((line) =>
        line.toolId === change.toolId ? { ...line, seenPrice: change.price } : line,
      );
    case "remove":
      return lines.filter((line) => line.toolId !== change.toolId);
  }
}
