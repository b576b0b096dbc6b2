// Reads a PDF back the way a reader or pdftotext does (tests only): Mozilla's pdf.js parses the file
// and answers each page's size and text, so a test sees what a person would.
// The shop's PDFs embed their font (features/invoices/pdf.ts), so pdf.js needs no font data of its own.
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

export interface PdfPage {
  /** In points: 595 x 842 for A4, 612 x 792 for Letter. */
  width: number;
  height: number;
  /** The page's text items joined by spaces, in reading order. */
  text: string;
  /** Each text item where it is drawn (x from the left, y from the bottom, in points): which line is which. */
  items: { text: string; x: number; y: number }[];
}

export async function readPdf(bytes: Uint8Array): Promise<PdfPage[]> {
  const document = await getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
  }).promise;
  try {
    const pages: PdfPage[] = [];
    for (let number = 1; number <= document.numPages; number++) {
      const page = await document.getPage(number);
      const [, , width = 0, height = 0] = page.view;
      const content = await page.getTextContent();
      const text = content.items
        .map((item) => ("str" in item ? item.str : ""))
        .join(" ")
        .replace(/\s+/g, " ");
      const items = content.items.flatMap((item) =>
        "str" in item && item.str.trim() !== ""
          ? [{ text: item.str, x: Math.round(item.transform[4]), y: Math.round(item.transform[5]) }]
          : [],
      );
      pages.push({ width: Math.round(width), height: Math.round(height), text, items });
    }
    return pages;
  } finally {
    await document.destroy();
  }
}
